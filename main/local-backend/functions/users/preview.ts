import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import type { DeletionPreview } from '../../../../shared/rules/users/types.js';
import { measureImpact, previewOf } from './impact.js';
import { bodyOf, uuidField } from './payload.js';

/** admin-delete-user-preview ({ userId } → { total_records, tables_affected }): what a deletion would remove. */
export async function adminDeleteUserPreview(ctx: FunctionContext): Promise<DeletionPreview> {
  await requireAdmin(ctx);
  const userId = uuidField(bodyOf(ctx.body), 'userId');
  // One snapshot, so the counts of the tables agree with each other.
  const client = await ctx.db.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const impact = await measureImpact(client, userId);
    await client.query('commit');
    if (!impact.userExists) throw new HttpError(404, 'user_not_found', 'User not found');
    return previewOf(impact);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
