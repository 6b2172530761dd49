/** How the audit screen names an entry's outcome: a lost reply nobody could settle reads "Unknown", plainly. */
import type { AuditOutcome } from '../../contract/areas/audit.js';

export const AUDIT_OUTCOME_LABEL: Readonly<Record<AuditOutcome, string>> = { ok: 'OK', failed: 'Failed', unknown: 'Unknown' };

export const AUDIT_OUTCOME_TONE: Readonly<Record<AuditOutcome, 'success' | 'danger' | 'warning'>> = { ok: 'success', failed: 'danger', unknown: 'warning' };
