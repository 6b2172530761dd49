import type { ComponentType, LazyExoticComponent } from 'react';

/** Screens by admin route path (relative to /admin), each a lazily loaded default export. */
export type ScreenMap = Readonly<Record<string, LazyExoticComponent<ComponentType>>>;
