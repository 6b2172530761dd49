import path from 'node:path';
import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { AppError } from '../../ground/errors.js';
import { AUDIT_PAGE_SIZE } from '../../../shared/contract/areas/audit.js';
import { auditFacets, getAudit, listAudit } from '../../audit/store.js';
import { exportAuditCsv } from '../../audit/export.js';

/**
 * The audit log lives in the profile's own audit file (main/audit/database.ts), so its reads answer the same
 * offline (`offline` reads the same table once the router finds the backend unreachable for the admin check).
 */
export function auditHandlers(s: AppServices): Handlers['audit'] {
  const db = async () => {
    const d = (await s.connections.current()).audit?.db;
    if (!d) throw new AppError('INTERNAL', 'The audit log is not available: its file for this connection could not be opened.');
    return d;
  };
  const local =
    <T>(read: (d: Awaited<ReturnType<typeof db>>) => T) =>
    async () => ({ data: read(await db()), fetchedAt: new Date().toISOString() });
  const status = async () => {
    const aside = s.connections.auditSetAsideAs((await s.connections.current()).profile.id);
    return { setAsideAs: aside ? path.basename(aside) : null };
  };
  return {
    status: { run: status, offline: async () => ({ data: await status(), fetchedAt: new Date().toISOString() }) },
    list: {
      run: async ({ filters, before }) => listAudit(await db(), filters, before, AUDIT_PAGE_SIZE),
      offline: ({ filters, before }) => local((d) => listAudit(d, filters, before, AUDIT_PAGE_SIZE))(),
    },
    facets: { run: async () => auditFacets(await db()), offline: () => local(auditFacets)() },
    get: { run: async ({ id }) => getAudit(await db(), id), offline: ({ id }) => local((d) => getAudit(d, id))() },
    exportCsv: async (filters) => exportAuditCsv(await db(), s.saveTarget, filters),
  };
}
