import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Stored photos are named by a random id, so a new photo always has a new URL (cache busting). */
export const PHOTO_FILE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

/** Where profile photos live: DATA_DIR/photos, with uploads in progress in DATA_DIR/photos/incoming. */
export function createPhotoStore(dataDir: string) {
  const dir = path.join(dataDir, 'photos');
  const incomingDir = path.join(dir, 'incoming');
  fs.mkdirSync(incomingDir, { recursive: true });
  return {
    newIncomingPath: () => path.join(incomingDir, crypto.randomUUID()),
    newPhotoName: () => `${crypto.randomUUID()}.webp`,
    pathOf(name: string): string {
      if (!PHOTO_FILE_PATTERN.test(name)) throw new Error(`not a photo name: ${name}`);
      return path.join(dir, name);
    },
    async remove(name: string | null): Promise<void> {
      if (name && PHOTO_FILE_PATTERN.test(name)) await fsp.rm(path.join(dir, name), { force: true });
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
