import { z } from 'zod';
import { op } from '../define.js';
import { csvExport } from '../export.js';
import type { AuditOutcome } from '../../rules/audit/outcome.js';

export type { AuditOutcome };

/** One change made from the app, as the list shows it. */
export interface AuditSummary {
  readonly id: number;
  /** ISO time the operation finished. */
  readonly at: string;
  readonly adminId: string | null;
  readonly adminEmail: string | null;
  /** "area.method", e.g. banners.create. */
  readonly operation: string;
  readonly area: string;
  readonly targetTable: string | null;
  readonly targetId: string | null;
  readonly outcome: AuditOutcome;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** The whole entry: the input as sent (redacted) and the target's rows before and after, where known. */
export interface AuditEntry extends AuditSummary {
  readonly input: unknown;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditPage {
  readonly items: readonly AuditSummary[];
  /** More, older entries follow the last one. */
  readonly more: boolean;
}

export interface AuditFacets {
  readonly admins: readonly { readonly id: string; readonly email: string }[];
  readonly areas: readonly string[];
  readonly operations: readonly string[];
}

/** The state of this profile's audit file in this run. */
export interface AuditStatus {
  /** The file name an unreadable earlier log was set aside under in this run (kept, never deleted), or null. */
  readonly setAsideAs: string | null;
}

const name = z.string().max(100);
export const auditFilters = z.strictObject({
  adminId: name.optional(),
  area: name.optional(),
  operation: name.optional(),
  /** ISO instants: from inclusive, to exclusive (the screen sends local midnights). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

/** Rows per page of the list. */
export const AUDIT_PAGE_SIZE = 50;

/** The local audit log of this profile; no operation changes or removes an entry (append-only). */
export const audit = {
  /** Newest first, a page at a time: `before` is the id of the last entry already shown (keyset). */
  list: op<AuditPage>()({
    input: z.strictObject({ filters: auditFilters, before: z.number().int().positive().optional() }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
  /** The admins, areas and operations found in the log, for the filters. */
  facets: op<AuditFacets>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** Whether an earlier log was set aside in this run, for the screen's notice. */
  status: op<AuditStatus>()({ input: z.strictObject({}), kind: 'read', access: 'admin' }),
  get: op<AuditEntry | null>()({ input: z.strictObject({ id: z.number().int().positive() }), kind: 'read', access: 'admin', keepOffline: true }),
  /** Every entry matching the filters, newest first, written by main to the file chosen in the save dialog. */
  exportCsv: csvExport(auditFilters, { invalidates: ['audit'] }),
};
