import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import { DELETION_MESSAGES, deletionReasonProblem } from '../../../../shared/rules/users/deletion.js';
import type { DeletionResult, TableCount } from '../../../../shared/rules/users/types.js';
import { AUTH_USERS_LABEL, STORAGE_LABEL, measureImpact, summarise } from './impact.js';
import { bodyOf, optionalString, uuidField } from './payload.js';
import { ownedWhere, qualified } from './references.js';
import { setAsideFiles, type SetAside } from './storage-files.js';

/**
 * admin-delete-user ({ targetUserId, reason }): in one transaction, every row the user owns in every table,
 * their storage objects (rows and files) and the auth user, with an audit row; returns the counts, which are the
 * preview's. Rows that only mention the user (set-null keys) stay, with the reference cleared by the database.
 * Any failure rolls everything back and restores the files: nothing is deleted.
 */
export async function adminDeleteUser(ctx: FunctionContext): Promise<DeletionResult> {
  await requireAdmin(ctx);
  const body = bodyOf(ctx.body);
  const target = uuidField(body, 'targetUserId');
  const reason = optionalString(body, 'reason', '');
  const problem = deletionReasonProblem(reason);
  if (problem) throw new HttpError(400, 'bad_request', problem);
  if (ctx.caller.userId === target) throw new HttpError(409, 'self_deletion', DELETION_MESSAGES.self);

  const client = await ctx.db.connect();
  let files: SetAside | undefined;
  try {
    await client.query('begin');
    // The row lock also holds back new rows that reference the user (their foreign-key check waits for it).
    const { rows: found } = await client.query<{ email: string }>('select email from auth.users where id = $1 for update', [target]);
    if (!found[0]) throw new HttpError(404, 'user_not_found', 'User not found');
    const { rows: admins } = await client.query<{ user_id: string }>(`select user_id from public.user_roles where role = 'admin' for update`);
    if (admins.some((a) => a.user_id === target) && admins.length <= 1) throw new HttpError(409, 'last_admin', DELETION_MESSAGES.lastAdmin);

    const impact = await measureImpact(client, target);
    const counts: TableCount[] = [];
    for (const t of impact.tables) {
      if (!t.ownerColumns.length) continue;
      const res = await client.query(`delete from ${qualified(t)} where ${ownedWhere(t)}`, [target]);
      counts.push({ table: t.label, record_count: res.rowCount ?? 0 });
    }
    const objects = await client.query('delete from storage.objects where id = any($1::uuid[])', [impact.objects.map((o) => o.id)]);
    counts.push({ table: STORAGE_LABEL, record_count: objects.rowCount ?? 0 });
    const user = await client.query('delete from auth.users where id = $1', [target]);
    counts.push({ table: AUTH_USERS_LABEL, record_count: user.rowCount ?? 0 });

    const summary = summarise(counts, impact.detached);
    const { rows: audit } = await client.query<{ id: string }>(
      `insert into public.admin_user_deletions (admin_id, target_user_id, target_email, reason, record_counts)
       values ($1, $2, $3, $4, $5) returning id`,
      [ctx.caller.userId ?? null, target, found[0].email, reason.trim(), summary],
    );
    files = await setAsideFiles(ctx.storageRoot, impact.objects);
    await client.query('commit');
    await files.discard().catch(() => undefined);
    return { success: true, deleted_user_id: target, audit_id: audit[0]?.id ?? null, ...summary };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    await files?.restore();
    if (err instanceof HttpError) throw err;
    throw new HttpError(500, 'deletion_failed', `The deletion was rolled back; nothing was deleted. ${(err as Error).message}`);
  } finally {
    client.release();
  }
}
