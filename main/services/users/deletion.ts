import type { SupabaseClient } from '@supabase/supabase-js';
import type { Connection } from '../../core/connections.js';
import { changeMayStillLandInThisCall } from '../../core/connectivity.js';
import { AppError } from '../../ground/errors.js';
import { settleLostDelete, type DeleteReadBack } from '../support/settle.js';
import { DELETION_MESSAGES, confirmationMismatch, deletionConfirmed, deletionReasonProblem } from '../../../shared/rules/users/deletion.js';
import type { DeletionPreview, DeletionResult, TableCount } from '../../../shared/rules/users/types.js';
import { countOf, must } from '../support/query.js';
import { FunctionError, invoke } from '../support/functions.js';
import { nothingWasSaved, replyLost } from '../support/lost-reply.js';

export interface DeleteRequest {
  readonly targetUserId: string;
  readonly reason: string;
  readonly confirmEmail: string;
}

const notFound = (e: unknown) => {
  if (e instanceof FunctionError && e.status === 404) throw new AppError('NOT_FOUND', DELETION_MESSAGES.notFound);
  throw e;
};

export async function deletionPreview(user: SupabaseClient, userId: string): Promise<DeletionPreview> {
  return invoke<DeletionPreview>(user, 'admin-delete-user-preview', { userId }, DELETION_MESSAGES.previewFailed).catch(notFound);
}

/** The server's record of the account: its e-mail, or undefined when it does not exist. */
async function serverEmail(service: SupabaseClient, userId: string): Promise<string | undefined> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error) {
    if (error.status === 404) return undefined;
    throw new AppError('BACKEND_ERROR', `Reading the account to delete: ${error.message}`);
  }
  return data.user?.email ?? '';
}

async function isLastAdmin(service: SupabaseClient, userId: string): Promise<boolean> {
  const [roles, admins] = await Promise.all([
    service.from('user_roles').select('role').eq('user_id', userId).eq('role', 'admin'),
    service.from('user_roles').select('*', { count: 'exact', head: true }).eq('role', 'admin'),
  ]);
  const targetIsAdmin = (must(roles, 'Reading the roles of the account') ?? []).length > 0;
  return targetIsAdmin && countOf(admins, 'Counting administrators') <= 1;
}

/** A hosted function may answer less than ours; what the screen needs is filled in. */
function resultOf(data: Partial<DeletionResult> | null, target: string): DeletionResult {
  const tables: readonly TableCount[] = Array.isArray(data?.tables_affected) ? data.tables_affected : [];
  return {
    success: true,
    deleted_user_id: target,
    audit_id: typeof data?.audit_id === 'string' ? data.audit_id : null,
    total_records: typeof data?.total_records === 'number' ? data.total_records : tables.reduce((n, t) => n + t.record_count, 0),
    tables_affected: tables,
    detached_references: Array.isArray(data?.detached_references) ? data.detached_references : [],
  };
}

/**
 * Deletes an account after main's own checks (SECURITY.md A2), each against the server, not the screen: the
 * reason rule, the account exists and the typed e-mail equals its e-mail on the server, it is not the signed-in
 * administrator, it is not the last administrator. Afterwards the account is read again: it must be gone.
 */
export async function deleteUser(conn: Connection, adminId: string, req: DeleteRequest): Promise<DeletionResult> {
  const problem = deletionReasonProblem(req.reason);
  if (problem) throw new AppError('INVALID_INPUT', problem);
  if (req.targetUserId.toLowerCase() === adminId.toLowerCase()) throw new AppError('PRECONDITION_FAILED', DELETION_MESSAGES.self);
  const email = await serverEmail(conn.service, req.targetUserId);
  if (email === undefined) throw new AppError('NOT_FOUND', DELETION_MESSAGES.notFound);
  // An account without an e-mail is confirmed by its id: an empty confirmation never matches.
  if (!deletionConfirmed(req.confirmEmail, email, req.targetUserId)) throw new AppError('PRECONDITION_FAILED', confirmationMismatch(email));
  if (await isLastAdmin(conn.service, req.targetUserId)) throw new AppError('PRECONDITION_FAILED', DELETION_MESSAGES.lastAdmin);

  const send = () =>
    invoke<Partial<DeletionResult> | null>(
      conn.user,
      'admin-delete-user',
      { targetUserId: req.targetUserId, reason: req.reason.trim() },
      DELETION_MESSAGES.failed,
    );
  let data: Partial<DeletionResult> | null;
  try {
    data = await send();
  } catch (e) {
    if (e instanceof FunctionError && e.status === 404) throw new AppError('NOT_FOUND', DELETION_MESSAGES.notFound);
    if (!replyLost()) throw e;
    return settleLostDeletion(conn.service, req.targetUserId, send, e);
  }
  if ((await serverEmail(conn.service, req.targetUserId)) !== undefined) throw new AppError('BACKEND_ERROR', DELETION_MESSAGES.stillThere);
  return resultOf(data, req.targetUserId);
}

/**
 * The deletion's own record (admin_user_deletions, written in the same transaction as the deletion by the embedded
 * backend's function): its counts, or undefined when there is none or it cannot be read (a project without the table).
 */
async function deletionRecord(service: SupabaseClient, target: string): Promise<Partial<DeletionResult> | undefined> {
  const { data, error } = await service
    .from('admin_user_deletions')
    .select('id, record_counts')
    .eq('target_user_id', target)
    .order('deleted_at', { ascending: false })
    .limit(1)
    .retry(false);
  const row = error ? undefined : (data?.[0] as { id: string; record_counts: Partial<DeletionResult> | null } | undefined);
  return row ? { ...(row.record_counts ?? {}), audit_id: row.id } : undefined;
}

/**
 * A deletion whose reply was lost (issue 31), settled as a delete is (settle.ts): the account read again. Gone with
 * the deletion's record: deleted, answered with the record's counts. Still there and the request cannot land any
 * more: nothing was deleted. Otherwise it is sent once more (the function refuses an account that is gone, 404) and
 * read again. Gone without a record to give the counts: the lost reply's own answer stands (outcome unknown).
 */
async function settleLostDeletion(
  service: SupabaseClient,
  target: string,
  send: () => Promise<Partial<DeletionResult> | null>,
  lost: unknown,
): Promise<DeletionResult> {
  const state = async (): Promise<DeleteReadBack> =>
    serverEmail(service, target)
      .then((email) => (email === undefined ? 'gone' : 'there'))
      .catch(() => 'unreadable');
  const deleted = async (): Promise<DeletionResult> => {
    const record = await deletionRecord(service, target);
    if (!record) throw lost;
    return resultOf(record, target);
  };
  const settled = settleLostDelete(await state(), changeMayStillLandInThisCall());
  if (settled === 'saved') return deleted();
  if (settled === 'not-saved') {
    nothingWasSaved();
  }
  try {
    const again = await send();
    if ((await state()) === 'gone') return resultOf(again, target);
  } catch {
    // Refused (gone already: the first request deleted it) or lost again: the account read once more says.
  }
  if ((await state()) === 'gone') return deleted();
  throw lost;
}
