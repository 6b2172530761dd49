/**
 * Confirm mode's question, as a port: the data hooks ask through it and the app shell sets who answers (the
 * dialog it renders), so no hook imports a modal. Resolves with what was typed, or null when cancelled.
 */
export type NameAsker = (name: string) => Promise<string | null>;

let asker: NameAsker | undefined;

/** Sets who asks for the connection's name; returns the undo (a later setter is not undone by an earlier undo). */
export function setNameAsker(next: NameAsker): () => void {
  asker = next;
  return () => {
    if (asker === next) asker = undefined;
  };
}

/** Asks for the name; undefined when nobody can ask (no dialog mounted), so the caller keeps main's answer. */
export function askName(name: string): Promise<string | null> | undefined {
  return asker?.(name);
}
