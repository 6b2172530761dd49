import type { AppEvent } from '../../shared/contract/events.js';

/** Main's broadcast to every window (Electron) or every page (browser mode's event stream). */
export interface EventBus {
  emit(event: AppEvent): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: AppEvent) => void>();
  return {
    emit(event) {
      for (const l of [...listeners]) {
        try {
          l(event);
        } catch {
          // one broken listener must not stop the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
