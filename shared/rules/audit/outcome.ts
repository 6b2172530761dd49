/** How the audit screen names an entry's outcome: a lost reply nobody could settle reads "Unknown", plainly. */

/**
 * ok: done (or, after a lost reply, found done on reading the target again); failed: refused or failed before
 * any change could land; unknown: the reply was lost after the change was sent and reading again did not settle it.
 */
export type AuditOutcome = 'ok' | 'failed' | 'unknown';

export const AUDIT_OUTCOME_LABEL: Readonly<Record<AuditOutcome, string>> = { ok: 'OK', failed: 'Failed', unknown: 'Unknown' };

export const AUDIT_OUTCOME_TONE: Readonly<Record<AuditOutcome, 'success' | 'danger' | 'warning'>> = { ok: 'success', failed: 'danger', unknown: 'warning' };
