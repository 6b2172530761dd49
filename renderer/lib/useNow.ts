import { useEffect, useState } from 'react';

/**
 * The current time for a screen that shows time-dependent labels ("Live", "2 hours ago"), refreshed every
 * `everyMs` so they do not go stale while the screen stays open; render stays pure (no Date.now() in it).
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
