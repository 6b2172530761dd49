/**
 * PostgreSQL's text and jsonb cannot hold U+0000: a NUL anywhere in an operation's input would reach the backend and
 * come back as its error, a 500-class answer after part of the work. Nobody types one, so the router refuses it
 * first, naming the field.
 */
export const nulMessage = (path: string) => `${path ? `The field ${path}` : 'The request'} cannot contain a NUL character.`;

/** The dotted path of the first string or key holding a NUL ('' for the input itself), or null when there is none. */
export function firstNulPath(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i]!;
      const at = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return at;
      stack.push({ v: x, path: at });
    }
  }
  return null;
}
