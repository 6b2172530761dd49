import { useEffect, useRef } from 'react';

/**
 * The value of the latest render, for a handler registered once (an event subscription, a key listener, an observer)
 * that must call today's function: useNavigate and inline callbacks change on every render, and re-registering on
 * each would close and reopen what they listen to. Updated in an effect, as React asks of refs.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
