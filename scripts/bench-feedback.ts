/**
 * `npm run bench:feedback [-- items]`: the feedback board at scale (issue 12). Seeds a fresh embedded backend in a
 * temp folder with 20,000 feedback items (or the number given; the seed puts about 15% in the trash), boots main's
 * router against it and prints, through the router as the screen calls it:
 *  - the board's first page (counts + each column's first page, one request since migration 0084), target under
 *    300 ms, and its JSON size;
 *  - whether the per-column counts and the live total equal SQL (the exit code is 1 when a figure differs);
 *  - a search and a type filter (target under 200 ms);
 *  - the CSV export of the whole live set and of a filtered set: time, rows (equal to SQL) and file size;
 *  - the naive way it replaced (every live row read in pages, then searched in JavaScript) and the ratio.
 */
import fs from 'node:fs';
import pg from 'pg';
import { countOf, readAll } from '../main/services/support/query.js';
import { COLUMNS, TABLE, toItem, type FeedbackRow } from '../main/services/feedback/rows.js';
import { filterFeedback } from '../shared/rules/feedback/list.js';
import { BOARD_COLUMNS } from '../shared/rules/feedback/model.js';
import type { FeedbackBoard } from '../shared/contract/areas/feedback.js';
import type { ExportOutcome } from '../shared/contract/export.js';
import { Checks, loadAverage, runBench, timed, withBenchBackend } from './support/bench.js';

const ITEMS = Number(process.argv[2] ?? 20_000);
const SEED_USERS = 500;
/** More runs for the side-by-side of the board's requests: the two differ by milliseconds on a shared machine. */
const AB_RUNS = 21;
const ms = (t: number) => `${t.toFixed(1)} ms`;
const kb = (b: number) => (b > 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(2)} MB` : `${(b / 1024).toFixed(1)} KB`);
const fmt = (r: { median: number; worst: number }) => `median ${ms(r.median)}, worst ${ms(r.worst)}`;

async function main(): Promise<void> {
  const checks = new Checks();
  const title = `Feedback board benchmark: ${ITEMS.toLocaleString('en-US')} feedback items`;
  await withBenchBackend(
    { title, tempPrefix: 'reflect-bench-feedback-', seed: { users: SEED_USERS, feedbackPerUser: ITEMS / SEED_USERS } },
    async ({ backend, app }) => {
      const sql = new pg.Client({ connectionString: backend.databaseUrl });
      await sql.connect();
      const call = (op: string, input: unknown) => app.data(op, input);
      const service = (await app.services.connections.current()).service;
      try {
        await sql.query('analyze public.feedback_submissions');
        const byStatus = (await sql.query<{ status: string; n: number }>('select status, count(*)::int n from feedback_submissions group by status')).rows;
        const n = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
        const all = byStatus.reduce((a, r) => a + r.n, 0);
        const live = all - n('deleted');
        console.log(`feedback_submissions: ${all.toLocaleString('en-US')} rows, ${live.toLocaleString('en-US')} live`);

        console.log('\n== Board first page (feedback.board: one request for the SQL counts and the first page of each column; target < 300 ms)');
        const first = await timed(() => app.data<FeedbackBoard>('feedback.board', { search: '', type: 'all' }));
        const board = first.out;
        console.log(
          `${fmt(first)}; ${kb(Buffer.byteLength(JSON.stringify(board)))} of JSON, ${BOARD_COLUMNS.reduce((a, c) => a + board.columns[c.id].items.length, 0)} cards`,
        );
        const want = { new: n('new'), reviewed: n('reviewed'), in_progress: n('in_progress'), done: n('resolved') + n('closed') };
        const countsOk = JSON.stringify(board.counts) === JSON.stringify(want) && board.total === live;
        console.log(`per-column counts ${checks.equal(countsOk)} (${JSON.stringify(board.counts)}, total ${board.total})`);
        const inSql = await timed(async () => {
          await sql.query(`select * from admin_feedback_counts('', null)`);
          for (const c of BOARD_COLUMNS) await sql.query('select * from admin_feedback_page($1, $2, null, null, null, 41)', [c.statuses, '']);
        });
        console.log(`the counts and the four pages as five SQL statements (no API round trips): ${fmt(inSql)}`);
        const spec = JSON.stringify(BOARD_COLUMNS.map((c) => ({ id: c.id, statuses: c.statuses })));
        const inOne = await timed(() => sql.query(`select admin_feedback_board($1::jsonb, '', null, 41)`, [spec]));
        console.log(`the same as one SQL statement (admin_feedback_board): ${fmt(inOne)}`);
        // Side by side under the same load: the five API requests of the board before 0084, and its one request now.
        const five = await timed(
          () =>
            Promise.all([
              service.rpc('admin_feedback_counts', { p_search: '', p_type: null }),
              ...BOARD_COLUMNS.map((c) =>
                service.rpc('admin_feedback_page', {
                  p_statuses: c.statuses,
                  p_search: '',
                  p_type: null,
                  p_after_created: null,
                  p_after_id: null,
                  p_limit: 41,
                }),
              ),
            ]),
          AB_RUNS,
        );
        const one = await timed(
          async () => service.rpc('admin_feedback_board', { p_columns: JSON.parse(spec) as unknown, p_search: '', p_type: null, p_limit: 41 }),
          AB_RUNS,
        );
        console.log(`API requests alone: the five side by side (before) ${fmt(five)}; the one (now) ${fmt(one)}`);
        const last = board.columns.new.items[board.columns.new.items.length - 1];
        if (last) {
          const next = await timed(() =>
            call('feedback.boardPage', { search: '', type: 'all', column: 'new', after: { createdAt: last.createdAt, id: last.id } }),
          );
          console.log(`next page of a column (feedback.boardPage): ${fmt(next)}`);
        }

        console.log('\n== Search and filter in SQL (target < 200 ms)');
        const search = await timed(() => app.data<FeedbackBoard>('feedback.board', { search: 'streak', type: 'all' }));
        const matched = (
          await sql.query<{ n: number }>(
            `select count(*)::int n from feedback_submissions where status <> 'deleted' and (title ilike '%streak%' or description ilike '%streak%')`,
          )
        ).rows[0]!.n;
        const shownBySearch = Object.values(search.out.counts).reduce((a, b) => a + b, 0);
        const searchSql = await timed(() => sql.query(`select * from admin_feedback_counts('streak', null)`));
        console.log(`search counts in SQL alone: ${fmt(searchSql)}`);
        console.log(`search 'streak': ${fmt(search)}; ${shownBySearch} matches, ${checks.equal(shownBySearch === matched)}`);
        const none = await timed(() => app.data<FeedbackBoard>('feedback.board', { search: 'no such words anywhere', type: 'all' }));
        console.log(`search with no match: ${fmt(none)}`);
        const filter = await timed(() => app.data<FeedbackBoard>('feedback.board', { search: '', type: 'bug' }));
        const bugs = (await sql.query<{ n: number }>(`select count(*)::int n from feedback_submissions where status <> 'deleted' and type = 'bug'`)).rows[0]!.n;
        const shownByType = Object.values(filter.out.counts).reduce((a, b) => a + b, 0);
        console.log(`type filter 'bug': ${fmt(filter)}; ${shownByType} items, ${checks.equal(shownByType === bugs)}`);

        console.log('\n== CSV export (the whole filtered set, read in keyset pages)');
        for (const query of [
          { search: '', type: 'all' },
          { search: 'streak', type: 'all' },
        ] as const) {
          const t = performance.now();
          const r = await app.data<ExportOutcome>('feedback.exportCsv', query);
          const took = performance.now() - t;
          if (r.outcome !== 'saved') throw new Error(`export: ${r.outcome}`);
          const expected = query.search ? matched : live;
          console.log(
            `search '${query.search}': ${r.count.toLocaleString('en-US')} rows (${checks.equal(r.count === expected)}) in ${ms(took)}, ${kb(fs.statSync(r.path).size)}`,
          );
          fs.rmSync(r.path);
        }

        console.log('\n== The naive way (before: every live row read in pages of 1,000, then searched in JavaScript)');
        const naive = await timed(async () => {
          const total = countOf(await service.from(TABLE).select('id', { count: 'exact', head: true }).neq('status', 'deleted'), 'Counting feedback');
          const rows = await readAll<FeedbackRow>('Reading feedback', total, (from, to) =>
            service.from(TABLE).select(COLUMNS).neq('status', 'deleted').order('created_at', { ascending: false }).order('id').range(from, to),
          );
          return rows.map(toItem);
        }, 3);
        const items = naive.out;
        console.log(`read all ${items.length.toLocaleString('en-US')} live items: ${fmt(naive)}; ${kb(Buffer.byteLength(JSON.stringify({ items })))} of JSON`);
        const jsSearch = await timed(async () => filterFeedback(items, 'streak', 'all'));
        console.log(`then search in JavaScript: ${fmt(jsSearch)} (on top of the read)`);
        console.log(`\nratio, naive board load / first page: ${(naive.median / first.median).toFixed(1)}x`);
        console.log(`ratio, naive board load + JS search / SQL search: ${((naive.median + jsSearch.median) / search.median).toFixed(1)}x`);
        console.log(`\n${loadAverage()} while measuring`);
      } finally {
        await sql.end();
      }
    },
  );
  if (checks.failed) process.exitCode = 1;
}

runBench(main);
