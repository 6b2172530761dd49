/**
 * Long work (issue 28 §3): a replica's first sync, a CSV export, a speech generation, a permanent bulk delete.
 * What finished is read from the operation's answer or from the replica's status events, the same way in main
 * (the desktop app's OS notification) and in browser mode's page (Web Notifications), so the two cannot differ.
 * Structural types only: a rule does not import the contract.
 */

export type FinishedWork =
  | { readonly kind: 'export'; readonly what: ExportKind; readonly count: number }
  | { readonly kind: 'first-sync'; readonly replica: 'users' | 'analytics'; readonly count: number }
  | { readonly kind: 'speech'; readonly seconds: number }
  | { readonly kind: 'permanent-delete'; readonly count: number };

export type ExportKind = 'users' | 'feedback' | 'audit' | 'campaigns';

/** The operations that are long work, with what each is; a finished one is read from its answer. */
export const LONG_OPERATIONS = {
  'users.exportCsv': { kind: 'export', what: 'users' },
  'feedback.exportCsv': { kind: 'export', what: 'feedback' },
  'audit.exportCsv': { kind: 'export', what: 'audit' },
  'campaigns.exportCsv': { kind: 'export', what: 'campaigns' },
  'tts.generate': { kind: 'speech' },
  'feedback.deleteForever': { kind: 'permanent-delete' },
} as const satisfies Record<string, { readonly kind: FinishedWork['kind']; readonly what?: ExportKind }>;

export type LongOperation = keyof typeof LONG_OPERATIONS;

export function isLongOperation(name: string): name is LongOperation {
  return Object.hasOwn(LONG_OPERATIONS, name);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
const field = (data: unknown, key: string): unknown => (data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined);

/**
 * What a long operation's successful answer says was done; null for any other operation, and for an export that
 * wrote nothing (cancelled in the save dialog, or nothing to export) or a delete that removed nothing.
 */
export function finishedOperation(name: string, data: unknown): FinishedWork | null {
  if (!isLongOperation(name)) return null;
  const op: { readonly kind: FinishedWork['kind']; readonly what?: ExportKind } = LONG_OPERATIONS[name];
  if (op.kind === 'export' && op.what) {
    const count = num(field(data, 'count'));
    return field(data, 'outcome') === 'saved' && count !== undefined ? { kind: 'export', what: op.what, count } : null;
  }
  if (op.kind === 'speech') {
    const seconds = num(field(data, 'durationSeconds'));
    return seconds === undefined ? null : { kind: 'speech', seconds };
  }
  const deleted = num(field(data, 'deleted'));
  return deleted ? { kind: 'permanent-delete', count: deleted } : null;
}

/** What the replicas' status events carry that matters here (UsersSyncStatus, ReplicaStatus). */
export interface ReplicaSyncStatus {
  readonly lastSyncedAt: string | null;
  readonly syncing: boolean;
  /** The user list's: users received so far. */
  readonly received?: number | null;
  /** The analytics replica's: its phase, with rows (pulling) or tables and months (counting, reconciling). */
  readonly progress?: { readonly phase: string; readonly done: number; readonly total: number } | null;
}

/**
 * Follows one replica's status events and says when its first sync finished (a sync that started with no earlier
 * sync and ended with a sync time), with the rows it brought. Later syncs, and a first sync that failed, say nothing.
 */
export function createFirstSyncWatch(replica: 'users' | 'analytics') {
  let first = false;
  let count = 0;
  return (status: ReplicaSyncStatus): FinishedWork | null => {
    if (status.syncing) {
      if (status.lastSyncedAt === null) first = true;
      const pulled = status.progress?.phase === 'pulling' ? num(status.progress.done) : undefined;
      count = Math.max(count, num(status.received) ?? pulled ?? 0);
      return null;
    }
    const done = first && status.lastSyncedAt !== null;
    const brought = count;
    first = false;
    count = 0;
    return done ? { kind: 'first-sync', replica, count: brought } : null;
  };
}
