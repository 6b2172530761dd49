/** The screen's filter state and its translation to the contract's filters (local days to UTC instants). */
import type { AuditFilters } from '../../shared/contract/areas/audit.js';

export interface AuditFilterState {
  readonly adminId: string;
  readonly area: string;
  readonly operation: string;
  /** yyyy-mm-dd, local days, both inclusive; '' = open. */
  readonly from: string;
  readonly to: string;
}

export const NO_FILTERS: AuditFilterState = { adminId: '', area: '', operation: '', from: '', to: '' };
export const ALL = '';

/** Local midnight of a yyyy-mm-dd day, plus `days`, as an ISO instant; undefined for an empty or bad day. */
function localMidnight(day: string, days = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function toAuditFilters(s: AuditFilterState): AuditFilters {
  const from = localMidnight(s.from);
  // "To" names a whole day: entries before the next local midnight.
  const to = localMidnight(s.to, 1);
  return {
    ...(s.adminId ? { adminId: s.adminId } : {}),
    ...(s.area ? { area: s.area } : {}),
    ...(s.operation ? { operation: s.operation } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
