import type pg from 'pg';
import { MARKETING_LINKS, PLANS } from './catalog/commerce.js';
import { DAY_MS, daysBefore, type Rng } from './random.js';
import { insertRows, insertUnnest } from './sql.js';
import type { SeedUser } from './users.js';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;
const CANCEL_REASONS = ['Too expensive', 'Not using it enough', 'Switched to another app', 'Technical issues', 'Only needed it for a while', null];

/** Plans and subscriptions: every status on the paid plans, the free plans mostly active. Returns plan ids by name. */
export async function insertSubscriptions(
  client: pg.PoolClient,
  rng: Rng,
  now: Date,
  users: readonly SeedUser[],
  share: number,
): Promise<Record<string, string>> {
  const planIds: Record<string, string> = {};
  await insertRows(
    client,
    'public.subscription_plans',
    PLANS.map((p) => {
      const id = rng.uuid();
      planIds[p.name] = id;
      const at = daysBefore(now, 560);
      return {
        id,
        name: p.name,
        description: p.description,
        price_monthly: p.price_monthly,
        price_yearly: p.price_yearly,
        is_active: true,
        sort_order: p.sort_order,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  const rows: unknown[][] = [];
  let k = 0;
  for (const u of users) {
    const demo = u.idx < 2;
    if (!demo && !rng.chance(share)) continue;
    // The first six subscribers take every status on the paid plans, the next four each plan once.
    const plan = (
      u.idx === 0
        ? PLANS[0]
        : u.idx === 1
          ? PLANS[2]
          : k < STATUSES.length
            ? PLANS[2 + (k % 2)]
            : k < STATUSES.length + PLANS.length
              ? PLANS[k - STATUSES.length]
              : rng.weighted(PLANS.map((p) => [p, p.weight] as const))
    )!;
    const paid = plan.price_monthly > 0;
    const status: (typeof STATUSES)[number] = demo
      ? 'active'
      : k < STATUSES.length
        ? STATUSES[k]!
        : paid
          ? rng.weighted([
              ['active', 60],
              ['trialing', 10],
              ['past_due', 7],
              ['canceled', 15],
              ['unpaid', 4],
              ['incomplete', 4],
            ] as const)
          : rng.weighted([
              ['active', 85],
              ['trialing', 8],
              ['canceled', 7],
            ] as const);
    k++;
    const yearly = plan.name === 'Premium Yearly';
    const periodMs = (yearly ? 365 : 30) * DAY_MS;
    const createdAt = new Date(Math.min(now.getTime() - 60_000, u.createdAt.getTime() + rng.int(0, 20) * DAY_MS));
    const end = status === 'canceled' ? rng.between(createdAt, now) : now;
    const periods = Math.max(0, Math.floor((end.getTime() - createdAt.getTime()) / periodMs));
    const periodStart = new Date(createdAt.getTime() + periods * periodMs);
    rows.push([
      rng.uuid(),
      u.id,
      planIds[plan.name],
      status,
      paid || rng.chance(0.3) ? `cus_${rng.hex(14)}` : null,
      paid ? `sub_${rng.hex(14)}` : null,
      periodStart,
      new Date(periodStart.getTime() + periodMs),
      status === 'trialing' ? new Date(now.getTime() + rng.int(1, 14) * DAY_MS) : null,
      status === 'active' && paid && rng.chance(0.08),
      status === 'canceled' ? rng.pick(CANCEL_REASONS) : null,
      createdAt,
      status === 'canceled' ? end : periodStart,
    ]);
  }
  await insertUnnest(
    client,
    'public.user_subscriptions',
    [
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'plan_id', type: 'uuid' },
      { name: 'status', type: 'text' },
      { name: 'stripe_customer_id', type: 'text' },
      { name: 'stripe_subscription_id', type: 'text' },
      { name: 'current_period_start', type: 'timestamptz' },
      { name: 'current_period_end', type: 'timestamptz' },
      { name: 'trial_end', type: 'timestamptz' },
      { name: 'cancel_at_period_end', type: 'boolean' },
      { name: 'cancellation_reason', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    rows,
  );
  return planIds;
}

/** Marketing links, then a share of users attributed to a link that was running when they signed up. */
export async function insertMarketing(
  client: pg.PoolClient,
  rng: Rng,
  now: Date,
  users: readonly SeedUser[],
  adminId: string,
  share: number,
  visitsPerConversion: number,
): Promise<void> {
  const links = MARKETING_LINKS.map((l) => ({
    ...l,
    id: rng.uuid(),
    start: daysBefore(now, l.startDays),
    end: l.endDays === null ? null : daysBefore(now, l.endDays),
  }));
  await insertRows(
    client,
    'public.marketing_links',
    links.map((l) => ({
      id: l.id,
      campaign_name: l.name,
      campaign_description: `${l.name}: demo campaign`,
      slug: l.slug,
      start_date: l.start.toISOString().slice(0, 10),
      end_date: l.end ? l.end.toISOString().slice(0, 10) : null,
      utm_source: l.type,
      utm_medium: l.affiliate ? 'affiliate' : l.type === 'email' ? 'email' : l.type === 'organic' ? 'organic' : 'social',
      utm_campaign: l.slug.replace(/-/g, '_'),
      utm_content: null,
      utm_term: null,
      target_url: '/',
      campaign_type: l.type,
      status: l.status,
      priority: l.priority,
      budget_amount: l.budget,
      target_conversions: l.budget ? Math.round(l.budget / 10) : null,
      notes: null,
      created_by: adminId,
      is_affiliate_link: l.affiliate !== null,
      affiliate_commission_percentage: l.affiliate?.pct ?? null,
      affiliate_commission_duration_perpetual: l.affiliate?.perpetual ?? false,
      affiliate_commission_duration_months: l.affiliate?.months ?? null,
      affiliate_email: l.affiliate?.email ?? null,
      affiliate_contact_name: l.affiliate?.contact ?? null,
      affiliate_payout_method: l.affiliate?.method ?? 'stripe',
      affiliate_minimum_payout: l.affiliate?.min ?? 50,
      affiliate_notes: null,
      created_at: daysBefore(l.start, 2),
      updated_at: daysBefore(l.start, 1),
    })),
  );
  const rows: unknown[][] = [];
  for (const u of users) {
    if (u.idx === 0 || (u.idx > 1 && !rng.chance(share))) continue;
    const running = links.filter((l) => l.weight > 0 && l.start <= u.createdAt);
    if (running.length === 0) continue;
    const l = rng.weighted(running.map((x) => [x, x.weight] as const));
    rows.push([
      rng.uuid(),
      u.id,
      l.type,
      l.affiliate ? 'affiliate' : 'social',
      l.slug.replace(/-/g, '_'),
      null,
      null,
      rng.pick(['https://www.instagram.com/', 'https://www.google.com/', 'https://t.co/', null]),
      `/r/${l.slug}`,
      l.id,
      u.createdAt,
    ]);
  }
  await insertUnnest(
    client,
    'public.user_marketing_attribution',
    [
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'utm_source', type: 'text' },
      { name: 'utm_medium', type: 'text' },
      { name: 'utm_campaign', type: 'text' },
      { name: 'utm_content', type: 'text' },
      { name: 'utm_term', type: 'text' },
      { name: 'referrer', type: 'text' },
      { name: 'landing_page', type: 'text' },
      { name: 'marketing_link_id', type: 'uuid' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    rows,
  );

  // Visits: one converting visit per attributed sign-up, plus non-converting ones spread over each link's run.
  // hrand() keys every value on the row itself, so these statements need no fixed row order.
  await client.query(`
    insert into public.marketing_link_visits (id, marketing_link_id, visited_at, visitor_id, session_id, referrer, converted_user_id, converted_at)
    select pg_temp.sid('visit:c:' || a.user_id), a.marketing_link_id,
           a.created_at - interval '1 minute' * (2 + floor(pg_temp.hrand('vt:' || a.user_id) * 40)),
           'v_' || substr(md5('visitor:' || a.user_id), 1, 16), 's_' || substr(md5('session:' || a.user_id), 1, 16), a.referrer, a.user_id, a.created_at
      from public.user_marketing_attribution a where a.marketing_link_id is not null`);
  // Reads marketing_links (written once, in one statement) in its physical order: random() is then reproducible.
  await client.query('select setseed(0.41)');
  await client.query(
    `
    insert into public.marketing_link_visits (id, marketing_link_id, visited_at, visitor_id, session_id, referrer)
    select pg_temp.sid('visit:' || id || ':' || g), id, t0 + (t1 - t0) * r1, 'v_' || lpad(to_hex(floor(r2 * 2147483647)::int), 8, '0'),
           's_' || lpad(to_hex(floor(r3 * 2147483647)::int), 8, '0'), (array['https://www.instagram.com/', 'https://www.google.com/', 'https://t.co/', null])[1 + floor(r4 * 4)::int]
      from (select l.id, l.t0, l.t1, g, random() r1, random() r2, random() r3, random() r4
              from (select l.id, l.slug, l.start_date::timestamptz t0,
                           least(coalesce(l.end_date::timestamptz + interval '1 day', $1::timestamptz), $1::timestamptz) t1,
                           (select count(*) from public.user_marketing_attribution a where a.marketing_link_id = l.id) conv
                      from public.marketing_links l where l.status <> 'draft' offset 0) l
             cross join lateral generate_series(1, (10 + l.conv * $2 * (0.5 + pg_temp.hrand('rate:' || l.slug)))::int) g offset 0) s`,
    [now, visitsPerConversion],
  );
}

/**
 * Revenue from attributed users' paid subscriptions: one payment per billing period up to now. Commissions on
 * affiliate links within the commission duration; older payments are further along pending, approved, paid.
 */
export async function insertRevenue(client: pg.PoolClient, now: Date): Promise<void> {
  await client.query(
    `
    insert into public.affiliate_revenue (id, marketing_link_id, user_id, payment_date, payment_amount, commission_amount,
                                          commission_status, revenue_type, stripe_invoice_id, created_at)
    select pg_temp.sid('revenue:' || s.id || ':' || n), a.marketing_link_id, s.user_id, pd,
           case when yearly then p.price_yearly else p.price_monthly end,
           case when l.is_affiliate_link and (l.affiliate_commission_duration_perpetual or n <= coalesce(l.affiliate_commission_duration_months, 0))
                then round((case when yearly then p.price_yearly else p.price_monthly end) * l.affiliate_commission_percentage / 100, 2) else 0 end,
           case when pd < $1::timestamptz - interval '45 days' then 'paid' when pd < $1::timestamptz - interval '15 days' then 'approved' else 'pending' end,
           case when l.is_affiliate_link then 'affiliate' when pg_temp.hrand('rt:' || s.id) < 0.2 then 'referral' else 'campaign' end,
           'in_' || substr(md5('invoice:' || s.id || ':' || n), 1, 24), pd
      from public.user_subscriptions s
      join public.subscription_plans p on p.id = s.plan_id and p.price_monthly > 0
      join public.user_marketing_attribution a on a.user_id = s.user_id and a.marketing_link_id is not null
      join public.marketing_links l on l.id = a.marketing_link_id
     cross join lateral (select p.name = 'Premium Yearly' as yearly) y
     cross join lateral generate_series(s.created_at, least(s.current_period_start, $1::timestamptz),
                                        case when yearly then interval '365 days' else interval '30 days' end) with ordinality as x(pd, n)
     where s.status in ('active', 'past_due', 'canceled', 'unpaid')`,
    [now],
  );
  // The seed runs with triggers off, so the affiliate analytics rollups (migration 0072) are built once here.
  await client.query('select app_private.affiliate_rollups_rebuild()');
}
