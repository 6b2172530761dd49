import { useEffect } from 'react';
import { adminApi } from '../api/bridge.js';
import { followWindowBack } from '../lib/window-back.js';

/** The window back after a pause lets main open the project's connections ahead of the next screen. */
export function WindowBack() {
  // Best effort: a failure only means the next screen opens its connections itself.
  useEffect(
    () =>
      followWindowBack(
        window,
        document,
        () =>
          void adminApi()
            .app.windowBack({})
            .catch(() => undefined),
      ),
    [],
  );
  return null;
}
