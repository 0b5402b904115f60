/**
 * The app's install icons, drawn from the logo's SVG (apps/web/icons/*.svg) into PNGs under
 * apps/web/public/icons, which the web app manifest lists. The PNGs are committed; run this again
 * only when the logo changes:
 *
 *   npx node --import tsx scripts/make-icons.ts
 *
 * "any" icons keep the logo's rounded square on a transparent ground; "maskable" ones fill the
 * square, with the mark inside the central safe circle (80 %) that Android's masks never cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web');
const out = path.join(web, 'public', 'icons');

const icons = [
  { source: 'icon.svg', size: 192, file: 'icon-192.png' },
  { source: 'icon.svg', size: 512, file: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 192, file: 'icon-maskable-192.png' },
  { source: 'icon-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  // iOS ignores the manifest's icons and does its own rounding: a full square.
  { source: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon.png' },
];

fs.mkdirSync(out, { recursive: true });
for (const { source, size, file } of icons) {
  const svg = fs.readFileSync(path.join(web, 'icons', source));
  await sharp(svg, { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, file));
  process.stdout.write(`${file} ${size}×${size}\n`);
}
