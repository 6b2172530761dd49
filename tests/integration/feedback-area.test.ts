import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { FeedbackBoard, FeedbackList, FeedbackPage } from '../../shared/contract/areas/feedback.js';
import type { ExportOutcome } from '../../shared/contract/export.js';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { BOARD_COLUMNS, BOARD_PAGE_SIZE, FEEDBACK_MESSAGES, type BoardColumnId } from '../../shared/rules/feedback/model.js';
import type { TypeFilter } from '../../shared/rules/feedback/list.js';

/** The feedback area through main's router against the embedded backend, checked against SQL. */
const backend = sharedBackend();
const MARK = 'itest-feedback';

async function insert(title: string, status: string, description = 'A description', type = 'bug'): Promise<string> {
  const rows = await sql<{ id: string }>(
    backend,
    `insert into feedback_submissions (type, title, description, status, tags) values ($1, $2, $3, $4, '{itest}') returning id::text`,
    [type, title, description, status],
  );
  return rows[0]!.id;
}
const statusOf = async (id: string) => (await sql<{ status: string }>(backend, 'select status from feedback_submissions where id = $1', [id]))[0]?.status;

describe('feedback area against the embedded backend', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
  });
  afterAll(async () => {
    await sql(backend, `delete from feedback_submissions where title like $1`, [`${MARK}%`]);
    await app?.close();
  });

  type Query = { search: string; type: TypeFilter };
  const ALL: Query = { search: '', type: 'all' };

  /** A column read to its end the way the board scrolls: the first page, then keyset pages after the last card. */
  async function walk(column: BoardColumnId, q: Query): Promise<FeedbackItem[]> {
    const board = await app.data<FeedbackBoard>('feedback.board', q);
    const items = [...board.columns[column].items];
    let more = board.columns[column].more;
    while (more) {
      const last = items[items.length - 1]!;
      const page = await app.data<FeedbackPage>('feedback.boardPage', { ...q, column, after: { createdAt: last.createdAt, id: last.id } });
      expect(page.items.length).toBeLessThanOrEqual(BOARD_PAGE_SIZE);
      items.push(...page.items);
      more = page.more;
    }
    return items;
  }
  const onBoard = async (id: string) => {
    for (const c of BOARD_COLUMNS) if ((await walk(c.id, ALL)).some((i) => i.id === id)) return true;
    return false;
  };

  it('reads the board (exact counts per column from SQL, every column newest first page by page) and the trash (newest update first)', async () => {
    const board = await app.data<FeedbackBoard>('feedback.board', ALL);
    const byStatus = await sql<{ status: string; n: number }>(backend, `select status, count(*)::int n from feedback_submissions group by status`);
    const n = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
    expect(board.counts).toEqual({ new: n('new'), reviewed: n('reviewed'), in_progress: n('in_progress'), done: n('resolved') + n('closed') });
    expect(board.total).toBe(byStatus.filter((r) => r.status !== 'deleted').reduce((a, r) => a + r.n, 0));
    for (const c of BOARD_COLUMNS) {
      expect(board.columns[c.id].items.length).toBe(Math.min(BOARD_PAGE_SIZE, board.counts[c.id]));
      const rows = await sql<{ id: string }>(backend, `select id::text from feedback_submissions where status = any($1) order by created_at desc, id`, [
        c.statuses,
      ]);
      expect((await walk(c.id, ALL)).map((i) => i.id)).toEqual(rows.map((r) => r.id));
    }
    const trash = await app.data<FeedbackList>('feedback.trash');
    const deleted = await sql<{ id: string }>(backend, `select id::text from feedback_submissions where status = 'deleted' order by updated_at desc, id`);
    expect(trash.items.map((i) => i.id)).toEqual(deleted.map((r) => r.id));
  });

  it('answers the whole first board in one request to admin_feedback_board, which only the service role may call', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      await app.data<FeedbackBoard>('feedback.board', { search: 'a', type: 'bug' });
      const urls = spy.mock.calls.map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
      // The router's admin check reads user_roles first; the board itself is one request.
      expect(urls.filter((u) => u.startsWith('/rest/v1/') && u.includes('feedback'))).toEqual(['/rest/v1/rpc/admin_feedback_board']);
    } finally {
      spy.mockRestore();
    }
    const fn = 'public.admin_feedback_board(jsonb, text, text, integer)';
    const may = await sql<{ anon: boolean; authed: boolean; service: boolean }>(
      backend,
      `select has_function_privilege('anon', $1, 'execute') anon, has_function_privilege('authenticated', $1, 'execute') authed, has_function_privilege('service_role', $1, 'execute') service`,
      [fn],
    );
    expect(may).toEqual([{ anon: false, authed: false, service: true }]);
    // The trash is never a board column, whoever passes the columns.
    await expect(sql(backend, `select public.admin_feedback_board('[{"id":"x","statuses":["deleted"]}]', '', null, 5)`)).rejects.toThrow(
      'The board reads live feedback only',
    );
  });

  it('searches and filters in SQL, pages through ties by id past the 1,000-row cap, and exports the whole filtered set', async () => {
    // One statement: all 1,100 share created_at, so only the id orders them (the keyset's tie-break).
    await sql(backend, `insert into feedback_submissions (type, title, status) select 'general', $1 || ' bulk ' || g, 'new' from generate_series(1, 1100) g`, [
      MARK,
    ]);
    await insert(`${MARK} bulk but a bug`, 'new');
    await insert(`${MARK} 100%_off literal`, 'reviewed', 'A description', 'general');
    const q: Query = { search: `  ${MARK.toUpperCase()} BULK `, type: 'general' };
    const board = await app.data<FeedbackBoard>('feedback.board', q);
    expect(board.counts).toEqual({ new: 1100, reviewed: 0, in_progress: 0, done: 0 });
    expect(board.columns.new.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(board.columns.new.more).toBe(true);
    const ids = (await walk('new', q)).map((i) => i.id);
    const rows = await sql<{ id: string }>(
      backend,
      `select id::text from feedback_submissions where title like $1 and type = 'general' order by created_at desc, id`,
      [`${MARK} bulk %`],
    );
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(1100);
    // % and _ are taken literally.
    const literal = await app.data<FeedbackBoard>('feedback.board', { search: '0%_o', type: 'all' });
    expect(literal.columns.reviewed.items.map((i) => i.title)).toEqual([`${MARK} 100%_off literal`]);
    expect(literal.counts).toEqual({ new: 0, reviewed: 1, in_progress: 0, done: 0 });

    const exported = await app.data<ExportOutcome>('feedback.exportCsv', q);
    expect(exported).toMatchObject({ outcome: 'saved', count: 1100 });
    if (exported.outcome === 'saved') {
      expect(fs.readFileSync(exported.path, 'utf8').trim().split('\r\n')).toHaveLength(1101);
      fs.rmSync(exported.path); // the export test below expects the day's first file name
    }
    await sql(backend, `delete from feedback_submissions where title like $1`, [`${MARK} bulk%`]);
  });

  it('sets a status and tags, and refuses both on an item in the trash', async () => {
    const id = await insert(`${MARK} status`, 'new');
    const moved = await app.data<FeedbackItem>('feedback.setStatus', { id, status: 'reviewed' });
    expect(moved.status).toBe('reviewed');
    expect(await statusOf(id)).toBe('reviewed');
    const tagged = await app.data<FeedbackItem>('feedback.setTags', { id, tags: [' ui ', 'bug'] });
    expect(tagged.tags).toEqual(['ui', 'bug']);
    expect((await app.call('feedback.setTags', { id, tags: ['a', ' a'] })).ok).toBe(false);
    expect((await app.call('feedback.setTags', { id, tags: ['  '] })).ok).toBe(false);
    expect((await app.call('feedback.setStatus', { id, status: 'deleted' })).ok).toBe(false);

    const gone = await insert(`${MARK} in trash`, 'deleted');
    const refused = await app.call('feedback.setStatus', { id: gone, status: 'new' });
    expect(refused).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.updateFailed });
    expect(await statusOf(gone)).toBe('deleted');
  });

  it('soft-deletes (never a hard delete), undoes to the earlier status, restores and reads one item', async () => {
    const id = await insert(`${MARK} soft`, 'in_progress');
    const deleted = await app.data<FeedbackItem>('feedback.softDelete', { id });
    expect(deleted.status).toBe('deleted');
    expect(await statusOf(id)).toBe('deleted');
    expect(await onBoard(id)).toBe(false);
    expect((await app.data<FeedbackList>('feedback.trash')).items[0]?.id).toBe(id);
    expect((await app.data<FeedbackItem>('feedback.undoDelete', { id, status: 'in_progress' })).status).toBe('in_progress');
    // Undo only brings back an item that is in the trash.
    expect((await app.call('feedback.undoDelete', { id, status: 'new' })).ok).toBe(false);
    expect(await statusOf(id)).toBe('in_progress');

    await app.data('feedback.softDelete', { id });
    expect(await app.data('feedback.restore', { ids: [id] })).toEqual({ restored: 1 });
    expect(await statusOf(id)).toBe('new');
    expect((await app.data<FeedbackItem | null>('feedback.get', { id }))?.title).toBe(`${MARK} soft`);
    expect(await app.data('feedback.get', { id: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });

  it('permanent deletion refuses rows that are not in the trash', async () => {
    const live = await insert(`${MARK} live`, 'new');
    const restored = await insert(`${MARK} restored`, 'closed');
    const trashed = await insert(`${MARK} trashed`, 'deleted');
    const result = await app.data('feedback.deleteForever', { ids: [live, restored, trashed] });
    expect(result).toEqual({ deleted: 1, skipped: 2 });
    expect(await statusOf(live)).toBe('new');
    expect(await statusOf(restored)).toBe('closed');
    expect(await statusOf(trashed)).toBeUndefined();
    const none = await app.call('feedback.deleteForever', { ids: [live] });
    expect(none).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.purgeFailed });
    expect(await statusOf(live)).toBe('new');
  });

  it('restores and deletes large selections in chunks', async () => {
    const rows = await sql<{ id: string }>(
      backend,
      `insert into feedback_submissions (type, title, status) select 'general', $1 || ' chunk ' || g, 'deleted' from generate_series(1, 450) g returning id::text`,
      [MARK],
    );
    const ids = rows.map((r) => r.id);
    expect(await app.data('feedback.restore', { ids: ids.slice(0, 250) })).toEqual({ restored: 250 });
    expect(await app.data('feedback.deleteForever', { ids })).toEqual({ deleted: 200, skipped: 250 });
    const left = await sql<{ n: number }>(backend, `select count(*)::int n from feedback_submissions where title like $1`, [`${MARK} chunk%`]);
    expect(left[0]!.n).toBe(250);
  });

  it('exports the filtered set to the exports folder with the nine columns, neutralising =HYPERLINK(...), DDE and ;=', async () => {
    const id = await insert(`=HYPERLINK("http://evil.example","${MARK} click")`, 'reviewed', `line one\nline two, "quoted";=cmd|' /C calc'!A0`, 'feature');
    await insert(`${MARK} other`, 'new', 'not exported', 'bug');
    const result = await app.data<ExportOutcome>('feedback.exportCsv', { search: `${MARK} click`, type: 'feature' });
    expect(result).toMatchObject({ outcome: 'saved', count: 1 });
    if (result.outcome !== 'saved') return;
    expect(path.dirname(result.path)).toBe(path.join(app.dataDir, 'exports'));
    expect(result.fileName).toMatch(/^feedback-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(result.path, 'utf8');
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('ID,Type,Title,Description,Status,Tags,Has Attachment,Created At,Updated At');
    expect(lines[1]).toContain(
      `${id},feature,"'=HYPERLINK(""http://evil.example"",""${MARK} click"")","line one\nline two, ""quoted"";'=cmd|' /C calc'!A0",reviewed,itest,No,`,
    );
    expect(text).not.toContain(',=HYPERLINK');
    expect(await app.data('feedback.exportCsv', { search: 'no such feedback anywhere', type: 'all' })).toEqual({ outcome: 'empty' });
  });

  it('refuses unknown keys and non-admins', async () => {
    expect((await app.call('feedback.board', { ...ALL, extra: 1 })).ok).toBe(false);
    expect(
      (await app.call('feedback.boardPage', { ...ALL, column: 'new', after: { createdAt: 'yesterday', id: '00000000-0000-4000-8000-000000000000' } })).ok,
    ).toBe(false);
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      expect(await member.call('feedback.board', ALL)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('feedback.deleteForever', { ids: ['00000000-0000-4000-8000-000000000000'] })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    } finally {
      await member.close();
    }
  });
});
