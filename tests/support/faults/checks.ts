import type pg from 'pg';
import { FEEDBACK_STATUSES } from '../../../shared/rules/feedback/model.js';
import { NEW_PRODUCT_SORT_ORDER } from '../../../shared/rules/products/fields.js';
import type { Result } from '../../../shared/contract/index.js';
import type { Planned } from './generators.js';

/** One call the run made, with its answer and the audit entries it left in its instance's log. */
export interface Call {
  readonly step: number;
  readonly instance: 'A' | 'B';
  /** The administrator the instance is signed in as. */
  readonly admin: string;
  readonly planned: Planned;
  readonly result: Result<unknown>;
  readonly audit: readonly { readonly operation: string; readonly outcome: string; readonly admin: string | null }[];
  /** Checked against the database already (at a checkpoint). */
  checked?: boolean;
}

export interface Violation {
  readonly step: number;
  readonly instance?: 'A' | 'B';
  readonly op?: string;
  readonly message: string;
}

const codeOf = (c: Call) => (c.result.ok ? 'ok' : c.result.code);
const idOf = (c: Call): string | undefined => (c.result.ok ? ((c.result.data as { id?: string } | null)?.id ?? undefined) : undefined);

/** What can be said of one call from its answer and its audit entries alone. */
export function checkAnswer(c: Call): Violation[] {
  const v: Violation[] = [];
  const at = (message: string) => v.push({ step: c.step, instance: c.instance, op: c.planned.op, message });
  const code = codeOf(c);
  if (code === 'INTERNAL') at(`answered INTERNAL: ${c.result.ok ? '' : c.result.message}`);
  if (c.planned.invalid && code !== 'INVALID_INPUT') at(`an invalid input was answered ${code}, not INVALID_INPUT`);
  const isWrite = !!(c.planned.marker || c.planned.adds || c.planned.deletes || c.planned.invalid || !/\.(list|current|trash)$/.test(c.planned.op));
  if (!isWrite) {
    if (c.audit.length) at(`a read left ${c.audit.length} audit entries`);
    return v;
  }
  const mine = c.audit.filter((e) => e.operation === c.planned.op);
  const others = c.audit.filter((e) => e.admin !== c.admin);
  if (others.length) at(`the audit log of ${c.admin} names another administrator: ${others.map((e) => e.admin ?? 'nobody').join(', ')}`);
  if (mine.length !== c.audit.length) at(`the audit log holds entries of other operations for this call: ${c.audit.map((e) => e.operation).join(', ')}`);
  if (code === 'ok' && (mine.length !== 1 || mine[0]!.outcome !== 'ok')) at(`answered ok, but the audit log says ${JSON.stringify(mine)}`);
  if (code === 'INVALID_INPUT' && mine.length) at('refused as invalid, but the audit log recorded it');
  if (code === 'OUTCOME_UNKNOWN' && (mine.length !== 1 || mine[0]!.outcome === 'failed'))
    at(`answered outcome unknown, but the audit log says ${JSON.stringify(mine)}`);
  if (code !== 'ok' && code !== 'OUTCOME_UNKNOWN' && code !== 'INVALID_INPUT' && (mine.length > 1 || mine.some((e) => e.outcome !== 'failed')))
    at(`answered ${code}, but the audit log says ${JSON.stringify(mine)}`);
  return v;
}

/**
 * One created row against its answer (pure, for checkMarkers): ok there exactly once, an error absent, outcome
 * unknown at most once. A lost reply main settled is answered ok (saved) or OFFLINE (nothing was saved): settled
 * wrongly, it is one of the first two lies. `rows`: rows holding the call's marker; `deletedLater`: a later delete
 * may have taken its row away.
 */
export function judgeMarker(c: Call, rows: number, deletedLater: boolean): string[] {
  const out: string[] = [];
  const code = codeOf(c);
  if (rows > 1) out.push(`saved ${rows} times (a duplicate)`);
  if (code === 'ok' && rows === 0 && !deletedLater) out.push('answered ok (saved), but it is not in the database');
  if (code !== 'ok' && code !== 'OUTCOME_UNKNOWN' && rows > 0) out.push(`answered ${code} (not saved), but it is in the database`);
  if (code === 'OUTCOME_UNKNOWN') {
    const said = c.audit.find((e) => e.operation === c.planned.op)?.outcome;
    if (said === 'ok' && rows === 0 && !deletedLater) out.push('outcome unknown settled as saved in the audit log, but it is not in the database');
  }
  return out;
}

/** Each created row against its answer (judgeMarker), read from the database. */
export async function checkMarkers(db: pg.Pool, calls: readonly Call[], all: readonly Call[]): Promise<Violation[]> {
  const v: Violation[] = [];
  // Rows a later delete may have taken away (a banner, a marketing link): their create cannot be found any more.
  const deletes = all.filter((c) => /\.delete[A-Z]?\w*$/.test(c.planned.op) && codeOf(c) !== 'INVALID_INPUT');
  const deletedIds = new Set(deletes.map((c) => (c.planned.input as { id?: string }).id).filter((id): id is string => !!id));
  for (const c of calls) {
    const m = c.planned.marker;
    if (!m) continue;
    const rows = (await db.query<{ id: string }>(`select id from ${m.table} where ${m.column} = $1`, [m.value])).rows;
    // An unknown create's id is not known to the run: any delete of its table may have been of it.
    const deletedBy = m.deletedBy ?? c.planned.op.replace(/\.[a-zA-Z]+$/, '.delete');
    const deletedLater = deletedIds.has(idOf(c) ?? '') || (codeOf(c) !== 'ok' && deletes.some((o) => o.step > c.step && o.planned.op === deletedBy));
    for (const message of judgeMarker(c, rows.length, deletedLater)) v.push({ step: c.step, instance: c.instance, op: c.planned.op, message });
  }
  return v;
}

/** The audit log settled the call's lost reply as landed (its entry says ok). */
const landedInAudit = (c: Call) => c.audit.some((e) => e.operation === c.planned.op && e.outcome === 'ok');

/**
 * One update against its target, read straight from the database just before and just after it (pure): answered ok
 * (saved, settled or not), the target holds what it asked; answered OFFLINE ("nothing was saved"), it does not, unless
 * it held that already; answered outcome unknown and recorded as landed in the audit log, it does. Judged only when no other call of its area may have written the target meanwhile
 * (`contested`): two administrators may set the same flag both ways.
 */
export function judgeSet(
  c: Call,
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
  contested: boolean,
): string[] {
  const values = c.planned.sets?.values;
  const code = codeOf(c);
  if (!values || contested || c.planned.invalid) return [];
  const holds = (row: Readonly<Record<string, unknown>> | undefined) =>
    row ? Object.entries(values).every(([k, v]) => JSON.stringify(row[k] ?? null) === JSON.stringify(v ?? null)) : !!c.planned.sets?.absentHolds;
  const held = after ? JSON.stringify(Object.fromEntries(Object.keys(values).map((k) => [k, after[k] ?? null]))) : 'no such row';
  if (code === 'ok' && !holds(after)) return [`answered ok (saved), but the database holds ${held}`];
  if (code === 'OFFLINE' && holds(after) && !holds(before)) return ['answered OFFLINE (nothing was saved), but the database holds what it asked'];
  if (code === 'OUTCOME_UNKNOWN' && landedInAudit(c) && !holds(after))
    return [`outcome unknown recorded as landed in the audit log, but the database holds ${held}`];
  return [];
}

/**
 * One delete against its row, read straight from the database just before and just after it (pure): answered ok
 * (deleted, settled or not), the row is gone, whoever else ran meanwhile (nothing brings a deleted row back); answered
 * OFFLINE ("nothing was saved"), a row there before is still there, unless another call of its area may have deleted it;
 * answered outcome unknown and recorded as landed in the audit log, the row is gone.
 */
export function judgeRemoved(c: Call, before: boolean, after: boolean, contested: boolean): string[] {
  const code = codeOf(c);
  if (!c.planned.removes || c.planned.invalid) return [];
  if (code === 'ok' && after) return ['answered ok (deleted), but the row is still in the database'];
  if (code === 'OFFLINE' && before && !after && !contested) return ['answered OFFLINE (nothing was saved), but the row is gone'];
  if (code === 'OUTCOME_UNKNOWN' && landedInAudit(c) && after)
    return ['outcome unknown recorded as landed (deleted) in the audit log, but the row is still in the database'];
  return [];
}

/** Writes answered "outcome unknown" that stayed so (main could not settle them), by operation. */
export function unsettled(calls: readonly Call[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) if (codeOf(c) === 'OUTCOME_UNKNOWN') out[c.planned.op] = (out[c.planned.op] ?? 0) + 1;
  return out;
}

/** Deleted users leave no rows; users whose deletion was answered with an error are still there. */
export async function checkDeletions(db: pg.Pool, calls: readonly Call[], userTables: readonly string[]): Promise<Violation[]> {
  const v: Violation[] = [];
  for (const c of calls) {
    const id = c.planned.deletes;
    if (!id) continue;
    const at = (message: string) => v.push({ step: c.step, instance: c.instance, op: c.planned.op, message });
    const profile = (await db.query(`select 1 from profiles where id = $1`, [id])).rowCount ?? 0;
    const auth = (await db.query(`select 1 from auth.users where id = $1`, [id])).rowCount ?? 0;
    const code = codeOf(c);
    const othersDeleted = calls.some((o) => o !== c && o.planned.deletes === id && codeOf(o) !== 'INVALID_INPUT' && codeOf(o) !== 'OFFLINE');
    if (code === 'ok' && (profile || auth)) at(`answered ok, but the user is still there (profile ${profile}, auth ${auth})`);
    if (code !== 'ok' && code !== 'OUTCOME_UNKNOWN' && code !== 'NOT_FOUND' && !othersDeleted && !profile) at(`answered ${code}, but the user is gone`);
    if (!profile && !auth) {
      const left: string[] = [];
      for (const t of userTables) if ((await db.query(`select 1 from ${t} where user_id = $1 limit 1`, [id])).rowCount) left.push(t);
      if (left.length) at(`the deleted user left rows in ${left.join(', ')}`);
    } else if (!profile !== !auth) at(`the user is half deleted (profile ${profile}, auth ${auth})`);
  }
  return v;
}

/** The specification's invariants, whatever the interleaving. */
export async function checkInvariants(db: pg.Pool): Promise<string[]> {
  const out: string[] = [];
  const q = async (text: string) => (await db.query(text)).rows as Record<string, unknown>[];
  const oneActive = async (what: string, text: string) => {
    for (const r of await q(text)) out.push(`${what} ${String(r.k ?? '')} has ${String(r.n)} active versions, not exactly one`);
  };
  await oneActive(
    'the privacy document',
    `select document_type as k, count(*) filter (where is_active) as n from privacy_document_versions group by 1 having count(*) filter (where is_active) <> 1`,
  );
  await oneActive(
    'the mirror type',
    `select prompt_type as k, count(*) filter (where is_active) as n from mirror_prompts group by 1 having count(*) filter (where is_active) <> 1`,
  );
  await oneActive(
    'the coach',
    `select coach_id as k, count(*) filter (where is_active) as n from coach_prompts group by 1 having count(*) filter (where is_active) <> 1`,
  );
  for (const t of ['daily_wisdom_prompts', 'public_chatbot_prompts'])
    await oneActive(
      `the family ${t}`,
      `select '' as k, count(*) filter (where is_active) as n from ${t} having count(*) > 0 and count(*) filter (where is_active) <> 1`,
    );
  // New products sit at 999 until the next reorder (spec 2); every other product is numbered 1..n.
  const order = (
    await q(
      `select coalesce(array_agg(sort_order order by sort_order), '{}') as o, count(*)::int as n from partner_products where sort_order <> ${NEW_PRODUCT_SORT_ORDER}`,
    )
  )[0]!;
  const got = (order.o as number[]).map(Number);
  if (got.some((s, i) => s !== i + 1)) out.push(`product sort_order is ${JSON.stringify(got)}, not 1..${String(order.n)}`);
  const bad = await q(
    `select status, count(*)::int as n from feedback_submissions where not (status = any($$${'{' + FEEDBACK_STATUSES.join(',') + '}'}$$::text[])) group by 1`,
  );
  for (const r of bad) out.push(`${String(r.n)} feedback items have the status "${String(r.status)}"`);
  return out;
}

/** Rows each table gained during the run must match its answers: every ok once, an unknown at most once. */
export async function checkAdded(db: pg.Pool, calls: readonly Call[], since: string): Promise<Violation[]> {
  const v: Violation[] = [];
  const tables = new Set(calls.map((c) => c.planned.adds).filter((t): t is string => !!t));
  for (const t of tables) {
    const mine = calls.filter((c) => c.planned.adds === t);
    const ok = mine.filter((c) => codeOf(c) === 'ok').length;
    const unknown = mine.filter((c) => codeOf(c) === 'OUTCOME_UNKNOWN').length;
    const added = Number((await db.query<{ n: string }>(`select count(*) as n from ${t} where created_at >= $1`, [since])).rows[0]!.n);
    if (added < ok || added > ok + unknown)
      v.push({
        step: mine.at(-1)!.step,
        op: `${t}`,
        message: `${t} gained ${added} rows; ${ok} writes answered ok and ${unknown} outcome unknown (expected ${ok}..${ok + unknown})`,
      });
  }
  return v;
}

/** Public tables with a user_id column: a deleted user may leave no row in any of them. */
export async function userTables(db: pg.Pool): Promise<string[]> {
  const rows = await db.query<{ t: string }>(
    `select format('%I.%I', c.table_schema, c.table_name) as t from information_schema.columns c
       join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name and x.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = 'user_id'`,
  );
  return rows.rows.map((r) => r.t);
}
