/**
 * Drag activation (spec 2, Product Management): a pointer drag starts after 3 px of movement; a touch drag after a
 * 100 ms hold, cancelled if the finger moves more than 5 px during the hold (it is then a scroll).
 */
export const POINTER_ACTIVATION_PX = 3;
export const TOUCH_HOLD_MS = 100;
export const TOUCH_TOLERANCE_PX = 5;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/** The pointer has moved far enough from where it was pressed to start a drag. */
export const pointerActivates = (origin: Point, now: Point) => distance(origin, now) >= POINTER_ACTIVATION_PX;

/** The finger moved too far during the hold: not a drag. */
export const touchMovedTooFar = (origin: Point, now: Point) => distance(origin, now) > TOUCH_TOLERANCE_PX;
