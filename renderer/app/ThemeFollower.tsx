import { useEffect } from 'react';
import { adminApi } from '../api/bridge.js';
import { applyTheme } from '../lib/theme.js';

/** Applies the theme main remembers at start-up, and each one chosen later (in this window or another). */
export function ThemeFollower() {
  useEffect(() => {
    let live = true;
    void adminApi()
      .app.appearance({})
      .then((answer) => {
        if (live && answer.ok) applyTheme(answer.data.theme);
      });
    const unsubscribe = adminApi().events.subscribe((event) => {
      if (event.type === 'theme-changed') applyTheme(event.theme);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return null;
}
