import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { AppError } from '../../core/errors.js';
import { AUDIT_PAGE_SIZE } from '../../../shared/contract/areas/audit.js';
import { auditFacets, getAudit, listAudit } from '../../audit/store.js';
import { exportAuditCsv } from '../../audit/export.js';

/**
 * The audit log lives in the profile's local SQLite, so its reads answer the same offline (`offline` reads
 * the same table once the router finds the backend unreachable for the admin check).
 */
export function auditHandlers(s: AppServices): Handlers['audit'] {
  const db = async () => {
    const d = (await s.connections.current()).cache?.db;
    if (!d) throw new AppError('INTERNAL', 'The audit log is not available: the local database of this connection could not be opened.');
    return d;
  };
  const local = <T>(read: (d: Awaited<ReturnType<typeof db>>) => T) => async () => ({ data: read(await db()), fetchedAt: new Date().toISOString() });
  return {
    list: {
      run: async ({ filters, before }) => listAudit(await db(), filters, before, AUDIT_PAGE_SIZE),
      offline: ({ filters, before }) => local((d) => listAudit(d, filters, before, AUDIT_PAGE_SIZE))(),
    },
    facets: { run: async () => auditFacets(await db()), offline: () => local(auditFacets)() },
    get: { run: async ({ id }) => getAudit(await db(), id), offline: ({ id }) => local((d) => getAudit(d, id))() },
    exportCsv: async (filters) => exportAuditCsv(await db(), s.saveTarget, filters),
  };
}
