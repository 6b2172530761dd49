/** Spec 1 sections 8 and 9: the users CSV export, its eleven columns, fallbacks and messages. */
import type { AdminUserRow } from './types.js';
import { csvCell, fileDate } from '../common/csv.js';
import { counted } from '../common/plural.js';

export const USER_CSV_COLUMNS = [
  'Email',
  'Subscription Status',
  'Plan',
  'Number of Blocks',
  'Attribution Source',
  'Attribution Campaign',
  'Attribution Medium',
  'Created Date',
  'Created Time',
  'Last Login Date',
  'Last Login Time',
] as const;

/** Missing attribution shows Direct; any other missing value N/A. */
export const DIRECT = 'Direct';
export const NOT_AVAILABLE = 'N/A';

export const USER_EXPORT_MESSAGES = {
  empty: 'No users to export',
  exported: (n: number) => `Exported ${counted(n, 'user')} to CSV`,
  failed: 'The CSV export failed. No file was written.',
} as const;

export function userExportFileName(at: Date): string {
  return `users-${fileDate(at)}.csv`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** [date, time] of an ISO timestamp in the writer's local time: 2026-11-22 and 14:05:09. */
export function localDateTime(iso: string | null): readonly [string, string] {
  if (iso === null) return [NOT_AVAILABLE, NOT_AVAILABLE];
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return [NOT_AVAILABLE, NOT_AVAILABLE];
  return [fileDate(d), `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`];
}

const orDirect = (v: string | null | undefined): string => (v ? v : DIRECT);
const orNA = (v: string | null | undefined): string => (v ? v : NOT_AVAILABLE);

/** One CSV record of a user row, every text cell neutralised (F2). */
export function userCsvRecord(row: AdminUserRow): string[] {
  const a = row.marketing_attribution;
  const [createdDate, createdTime] = localDateTime(row.user_created_at);
  const [loginDate, loginTime] = localDateTime(row.last_sign_in_at);
  return [
    csvCell(orNA(row.user_email)),
    csvCell(orNA(row.subscription_status)),
    csvCell(orNA(row.plan_name)),
    csvCell(row.block_count),
    csvCell(orDirect(a?.utm_source)),
    // The link's campaign name when the sign-up came through a marketing link, else the utm campaign.
    csvCell(orDirect(a?.marketing_links?.campaign_name ?? a?.utm_campaign)),
    csvCell(orDirect(a?.utm_medium)),
    csvCell(createdDate),
    csvCell(createdTime),
    csvCell(loginDate),
    csvCell(loginTime),
  ];
}
