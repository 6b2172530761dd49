/**
 * Prepares the user list's sort orders off the page's thread: at 100,000 users ordering the e-mails alone takes
 * a few hundred milliseconds, which on the page would freeze scrolling right after the list appears.
 * Receives one column of sort values, answers both orders (transferred, not copied).
 */
import { orderByRanks, ranksOf, type SortValue } from '../../../shared/rules/common/sort-order.js';

export interface SortRequest {
  readonly key: string;
  readonly values: readonly SortValue[];
  /** The values are ISO times, to be read as milliseconds here (as sortValueOf does) rather than on the page. */
  readonly times?: boolean;
}

export interface SortAnswer {
  readonly key: string;
  readonly asc: Uint32Array;
  readonly desc: Uint32Array;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<SortRequest>) => void) | null;
  postMessage(message: SortAnswer, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = ({ data }) => {
  const values = data.times ? data.values.map((v) => (typeof v === 'string' ? Date.parse(v) : null)) : data.values;
  const ranks = ranksOf(values);
  const asc = orderByRanks(ranks, 'asc');
  const desc = orderByRanks(ranks, 'desc');
  scope.postMessage({ key: data.key, asc, desc }, [asc.buffer, desc.buffer]);
};
