import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart, pngBomb, realImage } from '../../test/images.js';
import { bearer, signUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const photosDir = () => path.join(t.config.DATA_DIR, 'photos');
/** Stored photos and uploads in progress: nothing may be left behind by a refused upload. */
const storedFiles = () => [...fs.readdirSync(photosDir()).filter((name) => name !== 'incoming'), ...fs.readdirSync(path.join(photosDir(), 'incoming'))];

async function upload(user: Awaited<ReturnType<typeof signUp>>, file: { name: string; type: string; content: Buffer }, field = 'photo') {
  const body = multipart(field, file);
  return user.browser.request({ method: 'PUT', url: '/api/v1/me/photo', payload: body.payload, headers: body.headers });
}

describe('PUT /api/v1/me/photo', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'me.jpg'],
    ['png', 'image/png', 'me.png'],
    ['webp', 'image/webp', 'me.webp'],
  ] as const)('takes a real %s, stores a 256 px square WebP without metadata and serves it', async (format, type, name) => {
    const user = await signUp(t.app);
    const response = await upload(user, { name, type, content: await realImage(format, 1200, 900) });
    expect(response.statusCode).toBe(200);
    const photoUrl = response.json().photoUrl as string;
    expect(photoUrl).toMatch(/^\/api\/v1\/photos\/[0-9a-f-]{36}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().photoUrl).toBe(photoUrl);

    const served = await user.browser.request({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-location-data')).toBe(false);
  });

  it('gives a new URL for a new photo and deletes the old file; Remove deletes it too', async () => {
    const user = await signUp(t.app);
    const first = (await upload(user, { name: 'a.png', type: 'image/png', content: await realImage('png') })).json().photoUrl as string;
    const second = (await upload(user, { name: 'b.png', type: 'image/png', content: await realImage('png') })).json().photoUrl as string;
    expect(second).not.toBe(first);
    expect((await user.browser.request({ method: 'GET', url: first })).statusCode).toBe(404);

    const removed = await user.browser.request({ method: 'DELETE', url: '/api/v1/me/photo' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photoUrl).toBeNull();
    expect((await user.browser.request({ method: 'GET', url: second })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(photosDir(), path.basename(second)))).toBe(false);
  });

  it.each([
    ['a text file renamed .png', () => ({ name: 'photo.png', type: 'image/png', content: Buffer.from('I am only text pretending to be a PNG.\n'.repeat(50)) }), 422, 'image_invalid'],
    ['a 6 MB file', () => ({ name: 'big.jpg', type: 'image/jpeg', content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 7)]) }), 413, 'payload_too_large'],
    ['a 20,000 × 20,000 PNG', () => ({ name: 'bomb.png', type: 'image/png', content: pngBomb() }), 422, 'image_too_large'],
  ])('refuses %s with a clear message and stores nothing', async (_label, file, status, code) => {
    const user = await signUp(t.app);
    const before = storedFiles();
    const content = file();
    const started = performance.now();
    const response = await upload(user, content);
    const elapsedMs = performance.now() - started;
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.fields.photo).toBeTruthy();
    expect(storedFiles()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().photoUrl).toBeNull();
    if (process.env.PHOTO_TIMINGS) console.warn(`${code} answered in ${elapsedMs.toFixed(0)} ms`);
  });

  it('refuses a request that is not multipart, a missing file, no session and no CSRF token', async () => {
    const user = await signUp(t.app);
    const json = await user.browser.request({ method: 'PUT', url: '/api/v1/me/photo', payload: { photo: 'x' } });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(user, { name: 'a.png', type: 'image/png', content: await realImage('png') }, 'picture');
    expect(wrongField.statusCode).toBe(400);
    const body = multipart('photo', { name: 'a.png', type: 'image/png', content: await realImage('png') });
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    expect((await user.browser.request({ method: 'PUT', url: '/api/v1/me/photo', payload: body.payload, headers: body.headers, withCsrf: false })).statusCode).toBe(403);
  });

  it('streams a 5 MB upload to disk: memory stays flat', async () => {
    const user = await signUp(t.app);
    // A real JPEG padded to just under 5 MB with data after its end marker (which is dropped).
    const jpeg = await realImage('jpeg', 2000, 1500);
    const content = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length - 1024, 1)]);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const response = await upload(user, { name: 'big.jpg', type: 'image/jpeg', content });
    const elapsedMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    // The file never sits in the JavaScript heap: it goes to disk, and sharp reads it from there.
    expect(heapGrowthMb).toBeLessThan(16);
    if (process.env.PHOTO_TIMINGS) console.warn(`5 MB photo upload: ${elapsedMs.toFixed(0)} ms, heap growth ${heapGrowthMb.toFixed(1)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
  });
});

describe('GET /api/v1/photos/:file', () => {
  it("shows a user's photo to other signed-in users only, and nothing for unknown names", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const photoUrl = (await upload(owner, { name: 'a.webp', type: 'image/webp', content: await realImage('webp') })).json().photoUrl as string;
    expect((await t.app.inject({ method: 'GET', url: photoUrl, headers: bearer(other.token) })).statusCode).toBe(200);
    const saved = await other.browser.request({ method: 'POST', url: '/api/v1/favourites', payload: { name: 'Owner', phone: owner.phone, origin: 'Dhaka' } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().photoUrl).toBe(photoUrl);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
    for (const url of ['/api/v1/photos/..%2F..%2Fpoisha.sqlite', '/api/v1/photos/nope.webp', `/api/v1/photos/${crypto.randomUUID()}.webp`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
    }
  });
});
