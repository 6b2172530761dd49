import { describe, expect, it } from 'vitest';
import {
  ASPECT_CHOICES,
  CROP_JPEG_QUALITY,
  CROP_OUTPUT_TYPE,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  aspectChoices,
  cropTransition,
  nextZoom,
  outputSize,
  rotate,
} from '../../shared/rules/images/crop.js';
import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_MESSAGES,
  MAX_IMAGE_BASE64_CHARS,
  MAX_IMAGE_BYTES,
  avatarFileProblem,
  productFileProblem,
} from '../../shared/rules/images/upload.js';
import { isJpeg, jpegSize } from '../../shared/rules/images/jpeg.js';

describe('image crop dialog rules (spec 1)', () => {
  it('offers Square 1:1, Portrait 3:4, Landscape 4:3, Wide 16:9 and Free; forceSquare offers only the square', () => {
    expect(ASPECT_CHOICES.map((a) => [a.label, a.ratio])).toEqual([
      ['Square 1:1', 1],
      ['Portrait 3:4', 0.75],
      ['Landscape 4:3', 4 / 3],
      ['Wide 16:9', 16 / 9],
      ['Free', null],
    ]);
    expect(aspectChoices(true).map((a) => a.label)).toEqual(['Square 1:1']);
    expect(aspectChoices(false)).toBe(ASPECT_CHOICES);
  });

  it('zooms by 1.1 and 0.9, rotates by 90 degrees either way, outputs JPEG at 0.9', () => {
    expect([ZOOM_IN_FACTOR, ZOOM_OUT_FACTOR]).toEqual([1.1, 0.9]);
    expect(nextZoom(0.5, 'in')).toBeCloseTo(0.55);
    expect(nextZoom(0.5, 'out')).toBeCloseTo(0.45);
    expect(rotate(0, 'right')).toBe(90);
    expect(rotate(0, 'left')).toBe(270);
    expect(rotate(270, 'right')).toBe(0);
    expect([CROP_OUTPUT_TYPE, CROP_JPEG_QUALITY]).toEqual(['image/jpeg', 0.9]);
  });

  it('goes editing -> cropped on Apply Crop and back on Edit Original; nothing else moves it', () => {
    expect(cropTransition('editing', 'apply')).toBe('cropped');
    expect(cropTransition('cropped', 'editOriginal')).toBe('editing');
    expect(cropTransition('editing', 'editOriginal')).toBe('editing');
    expect(cropTransition('cropped', 'apply')).toBe('cropped');
  });

  it('keeps the crop size, scaling down (never up) to the longest allowed side', () => {
    expect(outputSize({ width: 320, height: 320 }, 1024)).toEqual({ width: 320, height: 320 });
    expect(outputSize({ width: 4000, height: 2250 }, 1024)).toEqual({ width: 1024, height: 576 });
    expect(outputSize({ width: 0, height: 10 }, 1024)).toEqual({ width: 1, height: 10 });
  });
});

describe('image upload checks (spec 2 sections 5 and 9)', () => {
  it('allows jpeg, png, gif and webp up to 5 MB with the exact messages', () => {
    expect(ALLOWED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    expect(avatarFileProblem({ size: 10, type: 'image/svg+xml' })).toBe('Please select a valid image file (JPEG, PNG, GIF, or WebP)');
    expect(avatarFileProblem({ size: MAX_IMAGE_BYTES + 1, type: 'image/png' })).toBe('File size must be less than 5MB');
    expect(avatarFileProblem({ size: MAX_IMAGE_BYTES, type: 'image/webp' })).toBeNull();
    expect(productFileProblem({ size: 1, type: 'text/plain' })).toBe('File type must be one of: image/jpeg, image/png, image/gif, image/webp');
    expect(IMAGE_MESSAGES.tooLarge).toBe('File size must be less than 5MB');
    expect(MAX_IMAGE_BASE64_CHARS).toBe(6_990_508);
  });

  it('reads the frame size of baseline and progressive JPEGs after other segments, and refuses non-JPEGs', () => {
    const sof = (marker: number, w: number, h: number) => [
      0xff,
      marker,
      0x00,
      0x11,
      0x08,
      h >> 8,
      h & 0xff,
      w >> 8,
      w & 0xff,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ];
    const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const dqt = [0xff, 0xdb, 0x00, 0x04, 0, 0];
    expect(jpegSize(new Uint8Array([0xff, 0xd8, ...app0, ...dqt, ...sof(0xc0, 640, 480), 0xff, 0xd9]))).toEqual({ width: 640, height: 480 });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, ...app0, ...sof(0xc2, 300, 300), 0xff, 0xd9]))).toEqual({ width: 300, height: 300 });
    // DHT (C4) is not a frame.
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x04, 0, 0, ...sof(0xc0, 2, 3)]))).toEqual({ width: 2, height: 3 });
    expect(isJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull();
  });
});
