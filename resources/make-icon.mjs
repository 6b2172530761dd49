#!/usr/bin/env node
/**
 * Draws resources/icon.png (512x512 RGBA) with no dependencies: a rounded square with a diagonal gradient and
 * a white "R" built from a bar, a half ring and a leg, 4x4 supersampled. PNG encoded with node:zlib.
 * Run: node resources/make-icon.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 512;
const SS = 4;

function roundedRect(x, y, r) {
  const m = 24; // margin
  const cx = Math.min(Math.max(x, m + r), SIZE - m - r);
  const cy = Math.min(Math.max(y, m + r), SIZE - m - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= m && x <= SIZE - m && y >= m && y <= SIZE - m;
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The letter: stem, bowl (half ring on the right, flat joins to the stem) and leg. */
function letter(x, y) {
  const stem = x >= 150 && x <= 204 && y >= 120 && y <= 392;
  const bowlCx = 262, bowlCy = 198, outer = 92, inner = 42;
  const d = Math.hypot(x - bowlCx, y - bowlCy);
  const ring = x >= bowlCx && d <= outer - 14 && d >= inner + 4;
  const top = x >= 150 && x <= bowlCx && y >= bowlCy - outer + 14 && y <= bowlCy - inner - 4;
  const bottom = x >= 150 && x <= bowlCx && y >= bowlCy + inner + 4 && y <= bowlCy + outer - 14;
  const bowl = ring || top || bottom;
  const leg = segmentDistance(x, y, 250, 290, 352, 392) <= 27;
  return stem || bowl || leg;
}

function pixel(px, py) {
  let inside = 0, white = 0;
  for (let sy = 0; sy < SS; sy++) {
    for (let sx = 0; sx < SS; sx++) {
      const x = px + (sx + 0.5) / SS, y = py + (sy + 0.5) / SS;
      if (!roundedRect(x, y, 96)) continue;
      inside++;
      if (letter(x, y)) white++;
    }
  }
  const n = SS * SS;
  const t = (px + py) / (2 * SIZE);
  // indigo (#4f46e5) to teal (#0d9488)
  const bg = [0x4f + (0x0d - 0x4f) * t, 0x46 + (0x94 - 0x46) * t, 0xe5 + (0x88 - 0xe5) * t];
  const w = inside ? white / inside : 0;
  const rgb = bg.map((c) => Math.round(c * (1 - w) + 255 * w));
  return [...rgb, Math.round((255 * inside) / n)];
}

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const [r, g, b, a] = pixel(x, y);
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = a;
  }
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon.png');
fs.writeFileSync(out, png);
console.log(`Wrote ${out} (${png.length} bytes)`);
