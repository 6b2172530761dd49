/**
 * Tells main when the window is back after a pause (it gains the focus, or is shown again), so main can open the
 * project's connections again before the next click needs them (issue 30; main decides whether they went cold).
 * At most once per `minGapMs`: focus and visibility often change together.
 */
export interface WindowLike {
  addEventListener(type: 'focus', listener: () => void): void;
  removeEventListener(type: 'focus', listener: () => void): void;
}

export interface DocumentLike {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export const WINDOW_BACK_MIN_GAP_MS = 5_000;

export function followWindowBack(
  win: WindowLike,
  doc: DocumentLike,
  back: () => void,
  now: () => number = () => performance.now(),
  minGapMs = WINDOW_BACK_MIN_GAP_MS,
): () => void {
  let last = -Infinity;
  const onBack = () => {
    if (doc.visibilityState === 'hidden' || now() - last < minGapMs) return;
    last = now();
    back();
  };
  win.addEventListener('focus', onBack);
  doc.addEventListener('visibilitychange', onBack);
  return () => {
    win.removeEventListener('focus', onBack);
    doc.removeEventListener('visibilitychange', onBack);
  };
}
