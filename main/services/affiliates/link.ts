import type { SupabaseClient } from '@supabase/supabase-js';
import { countOf, must } from '../support/query.js';
import { periodWindow, type AffiliatePeriod } from '../../../shared/rules/affiliates/periods.js';
import { TRANSACTIONS_PAGE_SIZE } from '../../../shared/rules/affiliates/figures.js';
import { isLinkId, toCents, type LinkAnalytics, type LinkSummary, type Transaction, type TransactionPage } from '../../../shared/rules/affiliates/link.js';
import { periodFigures } from './figures.js';

const LINK_COLUMNS = 'id,campaign_name,slug,campaign_type,status,is_affiliate_link,affiliate_commission_percentage';

interface LinkRow {
  id: string;
  campaign_name: string;
  slug: string;
  campaign_type: string;
  status: string;
  is_affiliate_link: boolean;
  affiliate_commission_percentage: string | number | null;
}

/** The link by id (spec 3 section 7: "select by id"); null when there is none. */
export async function findLink(db: SupabaseClient, id: string): Promise<LinkSummary | null> {
  if (!isLinkId(id)) return null;
  const row = must(await db.from('marketing_links').select(LINK_COLUMNS).eq('id', id).maybeSingle<LinkRow>(), 'Failed to load the marketing link');
  if (!row) return null;
  return {
    id: row.id,
    campaignName: row.campaign_name,
    slug: row.slug,
    campaignType: row.campaign_type,
    status: row.status,
    isAffiliateLink: row.is_affiliate_link,
    commissionPercentage: row.affiliate_commission_percentage === null ? null : Number(row.affiliate_commission_percentage),
  };
}

export async function linkAnalytics(db: SupabaseClient, id: string, period: AffiliatePeriod, nowMs = Date.now()): Promise<LinkAnalytics | null> {
  const link = await findLink(db, id);
  if (!link) return null;
  return { link, figures: await periodFigures(db, period, link.id, nowMs) };
}

interface RevenueRow {
  id: string;
  payment_date: string;
  stripe_invoice_id: string | null;
  payment_amount: string | number;
  commission_amount: string | number;
  commission_status: Transaction['status'];
  revenue_type: Transaction['revenueType'];
}

/** One page of the link's payments in the period, newest first (ties by id, so pages never overlap). */
export async function linkTransactions(db: SupabaseClient, id: string, period: AffiliatePeriod, page: number, nowMs = Date.now()): Promise<TransactionPage> {
  const empty = { rows: [], total: 0, page: 0, pageSize: TRANSACTIONS_PAGE_SIZE };
  if (!isLinkId(id)) return empty;
  const { since } = periodWindow(period, nowMs);
  const scope = () => db.from('affiliate_revenue').select('id', { count: 'exact', head: true }).eq('marketing_link_id', id).gte('payment_date', since);
  const total = countOf(await scope(), 'Failed to load transactions');
  if (total === 0) return empty;
  // A page past the end (the period shrank) shows the last one.
  const shown = Math.min(page, Math.ceil(total / TRANSACTIONS_PAGE_SIZE) - 1);
  const from = shown * TRANSACTIONS_PAGE_SIZE;
  const rows = must(
    await db
      .from('affiliate_revenue')
      .select('id,payment_date,stripe_invoice_id,payment_amount,commission_amount,commission_status,revenue_type')
      .eq('marketing_link_id', id)
      .gte('payment_date', since)
      .order('payment_date', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + TRANSACTIONS_PAGE_SIZE - 1)
      .returns<RevenueRow[]>(),
    'Failed to load transactions',
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      paymentDate: r.payment_date,
      invoiceId: r.stripe_invoice_id,
      revenueCents: toCents(r.payment_amount),
      commissionCents: toCents(r.commission_amount),
      status: r.commission_status,
      revenueType: r.revenue_type,
    })),
    total,
    page: shown,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  };
}
