import fs from 'node:fs/promises';
import { onFirstUse } from '../../core/load-on-first-use.js';

/**
 * Profile photos: a file is accepted only if its first bytes say JPEG, PNG or WebP (its name and
 * declared type are ignored), and it is re-encoded into a small square WebP. Re-encoding drops
 * every piece of metadata (EXIF location, camera, comments) and anything hidden after the image.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The side of the stored square photo, in pixels: twice the largest size it is shown at. */
export const PHOTO_SIZE_PX = 256;

/**
 * Images with more pixels than this are refused before they are decoded: a small file can claim
 * 20,000 × 20,000 pixels (an "image bomb") and would need gigabytes to decode. 40 megapixels is
 * more than any phone camera's photo that fits in 5 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export class PhotoRejected extends Error {
  constructor(readonly reason: 'not_an_image' | 'too_many_pixels') {
    super(reason);
    this.name = 'PhotoRejected';
  }
}

/** What the first bytes of a file say it is. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const bytes = (offset: number, ...expected: number[]) => expected.every((byte, index) => head[offset + index] === byte);
  if (bytes(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes(0, 0x52, 0x49, 0x46, 0x46) && bytes(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

async function readHead(file: string, length = 16): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks the uploaded file at `input` and writes the square WebP to `output`. Throws
 * PhotoRejected for anything that is not a JPEG, PNG or WebP image of a sane size; `output` is
 * then not written.
 */
const loadSharp = onFirstUse(async () => {
  const { default: sharp } = await import('sharp');
  // One image at a time and no cache: memory stays flat however many uploads come in.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

export async function processPhoto(input: string, output: string): Promise<void> {
  const kind = sniffImage(await readHead(input));
  if (!kind) throw new PhotoRejected('not_an_image');

  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
  // The header alone gives the dimensions: a bomb is refused here, before any pixel is decoded.
  const metadata = await image.metadata().catch((error: unknown) => {
    throw new PhotoRejected(isPixelLimit(error) ? 'too_many_pixels' : 'not_an_image');
  });
  if (metadata.format !== kind) throw new PhotoRejected('not_an_image');
  if (!metadata.width || !metadata.height) throw new PhotoRejected('not_an_image');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new PhotoRejected('too_many_pixels');

  try {
    await image
      .rotate() // Phones store portrait photos sideways with an EXIF hint; apply it before it is dropped.
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 80 })
      .toFile(output);
  } catch (error) {
    await fs.rm(output, { force: true });
    throw new PhotoRejected(isPixelLimit(error) ? 'too_many_pixels' : 'not_an_image');
  }
}
