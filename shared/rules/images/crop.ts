/** The image crop dialog's rules (spec 1): aspect choices, zoom steps, output format and its two states. */

export interface AspectChoice {
  readonly label: string;
  /** Width / height; null for Free. */
  readonly ratio: number | null;
}

export const ASPECT_CHOICES: readonly AspectChoice[] = [
  { label: 'Square 1:1', ratio: 1 },
  { label: 'Portrait 3:4', ratio: 3 / 4 },
  { label: 'Landscape 4:3', ratio: 4 / 3 },
  { label: 'Wide 16:9', ratio: 16 / 9 },
  { label: 'Free', ratio: null },
];

export const SQUARE = ASPECT_CHOICES[0] as AspectChoice;

export const ZOOM_IN_FACTOR = 1.1;
export const ZOOM_OUT_FACTOR = 0.9;
export const ROTATE_STEP_DEGREES = 90;
export const CROP_OUTPUT_TYPE = 'image/jpeg';
export const CROP_JPEG_QUALITY = 0.9;

/** The next zoom ratio (displayed size / natural size) for a zoom in or out. */
export function nextZoom(current: number, direction: 'in' | 'out'): number {
  return current * (direction === 'in' ? ZOOM_IN_FACTOR : ZOOM_OUT_FACTOR);
}

/** forceSquare (product images) locks the aspect to 1 and offers no other choice. */
export function aspectChoices(forceSquare: boolean): readonly AspectChoice[] {
  return forceSquare ? [SQUARE] : ASPECT_CHOICES;
}

/** Rotation kept in 0..359 after a turn either way. */
export function rotate(current: number, direction: 'left' | 'right'): number {
  const next = current + (direction === 'right' ? ROTATE_STEP_DEGREES : -ROTATE_STEP_DEGREES);
  return ((next % 360) + 360) % 360;
}

/**
 * The output size: the crop box in the image's own pixels, scaled down (never up) to fit maxSide, rounded.
 * JPEG frames hold at most 65,535 pixels a side.
 */
export function outputSize(crop: { readonly width: number; readonly height: number }, maxSide: number): { width: number; height: number } {
  const limit = Math.min(maxSide, 65_535);
  const w = Math.max(1, crop.width);
  const h = Math.max(1, crop.height);
  const scale = Math.min(1, limit / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** Editing, then cropped after Apply Crop; Edit Original goes back to editing; Done finishes from cropped. */
export type CropState = 'editing' | 'cropped';
export type CropEvent = 'apply' | 'editOriginal';

export function cropTransition(state: CropState, event: CropEvent): CropState {
  if (state === 'editing' && event === 'apply') return 'cropped';
  if (state === 'cropped' && event === 'editOriginal') return 'editing';
  return state;
}
