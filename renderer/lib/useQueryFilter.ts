import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list filter that starts from the route's query string (`?status=new`) and follows it when a link changes it
 * while the screen is open; the screen's own control changes it afterwards. A value the list does not know is
 * ignored, so a stale or hand-made link shows the unfiltered list rather than an empty one.
 */
export function useQueryFilter<T extends string>(name: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [params] = useSearchParams();
  const asked = params.get(name);
  const known = asked !== null && (allowed as readonly string[]).includes(asked) ? (asked as T) : null;
  const [value, setValue] = useState<T>(known ?? fallback);
  useEffect(() => {
    if (known !== null) setValue(known);
  }, [known]);
  return [value, setValue];
}
