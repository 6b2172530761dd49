import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The audit log's screen, by admin route path (see app/route-table.ts). */
export const auditScreens: ScreenMap = {
  audit: lazy(() => import('./AuditLogPage.js')),
};
