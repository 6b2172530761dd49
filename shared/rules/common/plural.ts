/**
 * The one plural rule of every count shown in text (English: 1 is singular, everything else, 0 included, plural).
 * `plural` gives the word alone, for a count formatted elsewhere; `counted` the count and the word.
 */
export function plural(n: number, one: string, many: string = `${one}s`): string {
  return n === 1 ? one : many;
}

export function counted(n: number, one: string, many: string = `${one}s`, format: (n: number) => string = String): string {
  return `${format(n)} ${plural(n, one, many)}`;
}
