/**
 * Bounds for a JSON value received as input (issue 26 item 7): how deep it nests and how long it is written as
 * JSON. The walk is iterative and stops at the first bound passed, so a value nested a million levels deep or
 * tens of megabytes long is refused at once instead of overflowing a recursive step later (a 500).
 */
import { formatCountEn } from './format.js';

export interface JsonBounds {
  /** Levels of arrays and objects: a scalar is 0, {"a":1} is 1, {"a":[1]} is 2. */
  readonly maxDepth: number;
  /** Length of the value written as JSON, escapes aside (UTF-16 code units). */
  readonly maxBytes: number;
}

export type JsonProblem = 'notJson' | 'tooDeep' | 'tooLarge';

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The first bound the value breaks, or null when it is JSON within both bounds. */
export function jsonProblem(value: unknown, bounds: JsonBounds): JsonProblem | null {
  let size = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (v === null) size += 4;
    else if (typeof v === 'boolean') size += v ? 4 : 5;
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'notJson';
      size += String(v).length;
    } else if (typeof v === 'string') size += v.length + 2;
    else if (typeof v === 'object') {
      if (depth + 1 > bounds.maxDepth) return 'tooDeep';
      if (Array.isArray(v)) {
        size += 2 + Math.max(0, v.length - 1);
        if (size > bounds.maxBytes) return 'tooLarge';
        for (const item of v) stack.push({ v: item, depth: depth + 1 });
      } else {
        if (!isPlainObject(v)) return 'notJson';
        const entries = Object.entries(v);
        size += 2 + Math.max(0, entries.length - 1);
        if (size > bounds.maxBytes) return 'tooLarge';
        for (const [key, item] of entries) {
          size += key.length + 3;
          stack.push({ v: item, depth: depth + 1 });
        }
      }
    } else return 'notJson';
    if (size > bounds.maxBytes) return 'tooLarge';
  }
  return null;
}

/**
 * How deep any operation's whole input may nest: far more than any input of the contract needs (the deepest, a
 * trigger's condition parameters, are bounded at 8 inside it). Checked by the router and browser mode's server
 * before anything walks the input recursively.
 */
export const MAX_INPUT_DEPTH = 32;
export const INPUT_TOO_DEEP_MESSAGE = `The request nests deeper than ${MAX_INPUT_DEPTH} levels.`;

/** True when arrays and objects nest deeper than `max` anywhere in the value (iterative: no stack to overflow). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v)) if (item !== null && typeof item === 'object') stack.push({ v: item, depth: depth + 1 });
  }
  return false;
}

export function jsonBoundsMessage(problem: JsonProblem, bounds: JsonBounds, label: string): string {
  if (problem === 'tooDeep') return `${label}: at most ${bounds.maxDepth} levels of nesting`;
  if (problem === 'tooLarge') return `${label}: at most ${formatCountEn(bounds.maxBytes)} characters as JSON`;
  return `${label}: only objects, arrays, text, finite numbers, true, false and null`;
}
