/**
 * A screen's filters, search, sort, period and tab as the address's query (issue 28 §2), so Back/Forward, a
 * reload, the palette's recent items and a deep link all show exactly what was shown. Every parameter is parsed
 * strictly, with a fallback to its default: a bad or hand-made query never breaks a screen. A value equal to its
 * default is left out of the address, so an untouched screen keeps its plain address.
 */

export interface QueryParam<T> {
  readonly fallback: T;
  /** The value of a present parameter, or undefined when it is not a valid one (the fallback is used). */
  parse(raw: string): T | undefined;
  format(value: T): string;
  /**
   * 'push' makes a change its own step of Back (a filter, a tab, a period); 'replace' rewrites the current one
   * (a search as it is typed, which would otherwise fill history with every key).
   */
  readonly history: 'push' | 'replace';
  equals?(a: T, b: T): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QuerySpec = Readonly<Record<string, QueryParam<any>>>;
export type ValuesOf<S> = { readonly [K in keyof S]: S[K] extends QueryParam<infer T> ? T : never };

/** The longest value a text parameter takes; a longer one is not ours and falls back. */
export const QUERY_TEXT_MAX = 200;

export const param = {
  /** Free text (a search): any value up to `max` characters (the field's own limit). */
  text(fallback = '', max = QUERY_TEXT_MAX): QueryParam<string> {
    return { fallback, parse: (raw) => (raw.length <= max ? raw : undefined), format: (v) => v, history: 'replace' };
  },
  /** One of a closed list (a filter, a tab, a sort key). */
  oneOf<const V extends string>(values: readonly V[], fallback: NoInfer<V>): QueryParam<V> {
    return { fallback, parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined), format: (v) => v, history: 'push' };
  },
  /** A whole number within bounds (a period in days, a page). */
  int(fallback: number, bounds: { readonly min: number; readonly max: number }): QueryParam<number> {
    return {
      fallback,
      parse: (raw) => {
        if (!/^-?\d{1,9}$/.test(raw)) return undefined;
        const n = Number(raw);
        return n >= bounds.min && n <= bounds.max ? n : undefined;
      },
      format: String,
      history: 'push',
    };
  },
  /** One of a closed list of numbers (a period chosen from a few). */
  oneOfNumbers<const V extends number>(values: readonly V[], fallback: NoInfer<V>): QueryParam<V> {
    return { fallback, parse: (raw) => values.find((v) => String(v) === raw), format: String, history: 'push' };
  },
  /** On or off: '1' or '0'. */
  flag(fallback: boolean): QueryParam<boolean> {
    return { fallback, parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), format: (v) => (v ? '1' : '0'), history: 'push' };
  },
};

const same = <T>(p: QueryParam<T>, a: T, b: T) => (p.equals ? p.equals(a, b) : a === b);

/** The values a query holds for a spec: each present and valid parameter, else its fallback. */
export function readQuery<S extends QuerySpec>(spec: S, params: URLSearchParams): ValuesOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(spec) as [string, QueryParam<unknown>][]) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : p.parse(raw);
    out[key] = parsed === undefined ? p.fallback : parsed;
  }
  return out as ValuesOf<S>;
}

/**
 * The query after a change: the changed parameters written (left out when equal to their fallback), every other
 * parameter of the address kept as it was; and whether the change is a step of history of its own.
 */
export function writeQuery<S extends QuerySpec>(
  spec: S,
  params: URLSearchParams,
  change: Partial<ValuesOf<S>>,
): { readonly params: URLSearchParams; readonly push: boolean } {
  const next = new URLSearchParams(params);
  let push = false;
  for (const [key, value] of Object.entries(change)) {
    const p = spec[key] as QueryParam<unknown> | undefined;
    if (!p || value === undefined) continue;
    const before = readQuery({ [key]: p } as QuerySpec, params)[key];
    if (same(p, before, value)) continue;
    if (p.history === 'push') push = true;
    if (same(p, p.fallback, value)) next.delete(key);
    else next.set(key, p.format(value));
  }
  return { params: next, push };
}
