import { create } from 'zustand';

/**
 * How tightly tables and lists are drawn (issue 27): comfortable (about 44 px rows) or compact (about 32 px).
 * A preference of this window, not of the connection, so it is kept in the renderer's storage and put on <html> as
 * data-density before the first paint; the CSS reads it (tokens.css).
 */
export type Density = 'comfortable' | 'compact';
export const DENSITIES: readonly { value: Density; label: string }[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];
/** Row heights of virtual lists, which must know them before drawing (the CSS gives the same to plain tables). */
export const ROW_HEIGHTS: Readonly<Record<Density, number>> = { comfortable: 44, compact: 32 };

const KEY = 'reflect-admin.density';

export function parseDensity(stored: string | null | undefined): Density {
  return stored === 'compact' ? 'compact' : 'comfortable';
}

function storedDensity(): Density {
  try {
    return parseDensity(globalThis.localStorage?.getItem(KEY));
  } catch {
    return 'comfortable'; // storage refused (a locked-down profile): the default, not a broken window
  }
}

function apply(density: Density): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.density = density;
}

interface DensityState {
  readonly density: Density;
  setDensity(density: Density): void;
}

export const useDensityStore = create<DensityState>((set) => ({
  density: storedDensity(),
  setDensity(density) {
    try {
      globalThis.localStorage?.setItem(KEY, density);
    } catch {
      // kept for this page load only
    }
    apply(density);
    set({ density });
  },
}));

/** Called once before the first render, so a reload draws the chosen density at once. */
export function applyStoredDensity(): void {
  apply(useDensityStore.getState().density);
}

export const useDensity = (): Density => useDensityStore((s) => s.density);
