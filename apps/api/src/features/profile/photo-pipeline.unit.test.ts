import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pngBomb, realImage } from '../../test/images.js';
import { PHOTO_SIZE_PX, PhotoRejected, processPhoto, sniffImage } from './photo-pipeline.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-photo-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('the photo pipeline', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('turns a %s into a small square WebP without metadata', async (format) => {
    const input = write(`in.${format}`, await realImage(format, 900, 500));
    const output = path.join(dir, `out-${format}.webp`);
    await processPhoto(input, output);
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PHOTO_SIZE_PX, height: PHOTO_SIZE_PX });
    expect(meta.exif).toBeUndefined();
    expect(fs.readFileSync(output).includes('secret-location-data')).toBe(false);
  });

  it('knows images by their first bytes, not their names', async () => {
    expect(sniffImage(await realImage('jpeg'))).toBe('jpeg');
    expect(sniffImage(await realImage('png'))).toBe('png');
    expect(sniffImage(await realImage('webp'))).toBe('webp');
    expect(sniffImage(Buffer.from('hello, I am a text file'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it.each([
    ['text renamed .png', Buffer.from('just some text, not an image'), 'not_an_image'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'not_an_image'],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'not_an_image'],
  ])('refuses %s', async (_label, content, reason) => {
    const output = path.join(dir, 'refused.webp');
    await expect(processPhoto(write('bad.png', content), output)).rejects.toEqual(new PhotoRejected(reason as 'not_an_image'));
    expect(fs.existsSync(output)).toBe(false);
  });

  it('refuses a 20,000 × 20,000 PNG from its header, quickly and without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const output = path.join(dir, 'bomb.webp');
    const started = performance.now();
    await expect(processPhoto(write('bomb.png', bomb), output)).rejects.toEqual(new PhotoRejected('too_many_pixels'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fs.existsSync(output)).toBe(false);
  });
});
