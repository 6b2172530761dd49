import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';

/** How many queue items admin-get-email-stats returns as recentItems, newest first (the queue tab's list). */
export const RECENT_QUEUE_ITEMS = 50;

/** admin-get-email-stats: { templates, triggers, stats { pending, sent, failed, processing }, recentItems }. */
export async function adminGetEmailStats(ctx: FunctionContext): Promise<unknown> {
  await requireAdmin(ctx);
  const [templates, triggers, counts, recent] = await Promise.all([
    ctx.db.query(`select * from public.email_templates order by created_at desc`),
    ctx.db.query(`select * from public.email_triggers order by created_at desc`),
    ctx.db.query<{ status: string; n: string }>(`select status, count(*)::text n from public.email_notification_queue group by status`),
    ctx.db.query(`select * from public.email_notification_queue order by created_at desc, id limit ${RECENT_QUEUE_ITEMS}`),
  ]);
  const by = new Map(counts.rows.map((r) => [r.status, Number(r.n)]));
  return {
    templates: templates.rows,
    triggers: triggers.rows,
    stats: { pending: by.get('pending') ?? 0, sent: by.get('sent') ?? 0, failed: by.get('failed') ?? 0, processing: by.get('processing') ?? 0 },
    recentItems: recent.rows,
  };
}

/** admin-clear-failed-queue-item: { queueItemId } -> { success, error, clearedItem { notification_type } }. */
export async function adminClearFailedQueueItem(
  ctx: FunctionContext,
): Promise<{ success: boolean; error?: string; clearedItem?: { notification_type: string } }> {
  await requireAdmin(ctx);
  const id = (ctx.body as { queueItemId?: unknown } | undefined)?.queueItemId;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return { success: false, error: 'queueItemId is required' };
  // Only finished items may be cleared (spec 3 section 4): pending and processing ones are still on their way.
  const { rows } = await ctx.db.query<{ notification_type: string }>(
    `delete from public.email_notification_queue where id = $1 and status in ('sent', 'failed', 'cancelled') returning notification_type`,
    [id],
  );
  const item = rows[0];
  return item
    ? { success: true, clearedItem: { notification_type: item.notification_type } }
    : { success: false, error: 'Queue item not found or not clearable' };
}
