import type { EventBus } from './events.js';

/**
 * The route of the last reflect-admin:// link main accepted, kept until the window takes it (app.takeDeepLink).
 * The window takes it once signed in, so a link that arrives before sign-in (or before the window has loaded)
 * opens after sign-in; a newer link replaces an older one not yet taken.
 */
export class DeepLinkInbox {
  private pending: string | null = null;

  constructor(private readonly events: Pick<EventBus, 'emit'>) {}

  /** A route main built from a link it parsed (main/app/deep-link.ts); never anything from the renderer. */
  offer(route: string): void {
    this.pending = route;
    this.events.emit({ type: 'deep-link' });
  }

  take(): string | null {
    const route = this.pending;
    this.pending = null;
    return route;
  }
}
