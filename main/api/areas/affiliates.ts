import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { periodFigures } from '../../services/affiliates/figures.js';
import { linkAnalytics, linkTransactions } from '../../services/affiliates/link.js';
import type { AffiliatePeriod } from '../../../shared/rules/affiliates/periods.js';

export function affiliatesHandlers(s: AppServices): Handlers['affiliates'] {
  const db = async () => (await s.connections.current()).service;
  return {
    overview: async ({ days }) => periodFigures(await db(), days as AffiliatePeriod, null),
    link: async ({ id, days }) => linkAnalytics(await db(), id, days as AffiliatePeriod),
    transactions: async ({ id, days, page }) => linkTransactions(await db(), id, days as AffiliatePeriod, page),
  };
}
