/** The e-mail health panel (spec 3 sections 4 and 9): the last 24 hours of admin notification logs. */
export type HealthGrade = 'excellent' | 'good' | 'warning' | 'critical' | 'unknown';

export const HEALTH_WINDOW_HOURS = 24;
export const DELIVERY_STATUSES = ['sent', 'failed', 'pending'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Recent Deliveries narrowed by a filter (`?status=failed&within=24h`): what it lists at most, newest first. */
export const FILTERED_DELIVERIES = 50;
export const HEALTH_REFRESH_MS = 300_000;
export const TOP_COMPUTED = 5;
export const TOP_SHOWN = 3;

export interface HealthLog {
  readonly notification_type: string;
  readonly delivery_status: string;
  readonly error_message: string | null;
  readonly created_at: string;
}

export interface TypeHealth {
  readonly type: string;
  readonly total: number;
  readonly sent: number;
  readonly failed: number;
  /** Percent, sent / (sent + failed); null when neither. */
  readonly successRate: number | null;
}

export interface HealthSummary {
  readonly total: number;
  readonly sent: number;
  readonly failed: number;
  readonly pending: number;
  readonly successRate: number | null;
  readonly grade: HealthGrade;
  readonly topTypes: readonly TypeHealth[];
  readonly recentFailures: readonly { readonly type: string; readonly error: string; readonly at: string }[];
}

export function successRate(sent: number, failed: number): number | null {
  return sent + failed === 0 ? null : (sent / (sent + failed)) * 100;
}

export function gradeOf(rate: number | null): HealthGrade {
  if (rate === null) return 'unknown';
  if (rate >= 95) return 'excellent';
  if (rate >= 90) return 'good';
  if (rate >= 80) return 'warning';
  return 'critical';
}

/** Per-type badge: 95 or more green, 90 or more blue, else yellow. */
export function typeBadgeTone(rate: number | null): 'success' | 'info' | 'warning' {
  if (rate !== null && rate >= 95) return 'success';
  if (rate !== null && rate >= 90) return 'info';
  return 'warning';
}

/** Figures over logs already limited to the window (newest first or any order). */
export function summariseHealth(logs: readonly HealthLog[]): HealthSummary {
  const byType = new Map<string, { total: number; sent: number; failed: number }>();
  let sent = 0;
  let failed = 0;
  let pending = 0;
  for (const l of logs) {
    const t = byType.get(l.notification_type) ?? { total: 0, sent: 0, failed: 0 };
    t.total += 1;
    if (l.delivery_status === 'sent') {
      sent += 1;
      t.sent += 1;
    } else if (l.delivery_status === 'failed') {
      failed += 1;
      t.failed += 1;
    } else pending += 1;
    byType.set(l.notification_type, t);
  }
  const rate = successRate(sent, failed);
  const topTypes = [...byType]
    .map(([type, t]) => ({ type, ...t, successRate: successRate(t.sent, t.failed) }))
    .sort((a, b) => b.total - a.total || a.type.localeCompare(b.type))
    .slice(0, TOP_COMPUTED);
  const recentFailures = logs
    .filter((l) => l.delivery_status === 'failed')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, TOP_COMPUTED)
    .map((l) => ({ type: l.notification_type, error: l.error_message || 'Unknown error', at: l.created_at }));
  return { total: logs.length, sent, failed, pending, successRate: rate, grade: gradeOf(rate), topTypes, recentFailures };
}
