import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import { BETA_FREE_PLAN, FOUNDERS_FREE_PLAN, USER_FILTERS, normaliseSearch } from '../../../../shared/rules/users/filters.js';
import type { AdminUserRow } from '../../../../shared/rules/users/types.js';
import { isUuid } from '../../../../shared/rules/users/detail.js';
import { bodyOf, isoSql, optionalString } from './payload.js';

export const MAX_PAGE_SIZE = 10_000;

/**
 * The filter of shared/rules/users/filters.ts in SQL ($1 is the filter, $2 the founders and $3 the beta plan name).
 * tests/integration/users-functions.test.ts checks that both give the same users for every filter.
 */
const FILTER_SQL = `case $1::text
    when 'all' then true
    when 'with_subscription' then s.id is not null
    when 'without_subscription' then s.id is null
    when 'founders_free' then p.name is not distinct from $2::text
    when 'beta_free' then p.name is not distinct from $3::text
    else s.status is not distinct from $1::text end`;

// Search ($4, already trimmed and lower-cased): the e-mail contains it, or the id starts with it.
const SEARCH_SQL = `($4::text = '' or strpos(lower(u.email), $4::text) > 0 or left(u.id::text, length($4::text)) = $4::text)`;

interface Key {
  readonly createdAt: string;
  readonly userId: string;
}

interface Paging {
  readonly size: number | null;
  readonly after: Key | null;
  readonly until: Key | null;
}

/** A row's key as the payload gives it ({ user_created_at, user_id }), or null when absent. */
function keyOf(value: unknown, name: string): Key | null {
  if (value === undefined || value === null) return null;
  const a = value as Record<string, unknown>;
  if (
    typeof a !== 'object' ||
    typeof a.user_created_at !== 'string' ||
    typeof a.user_id !== 'string' ||
    !isUuid(a.user_id) ||
    Number.isNaN(Date.parse(a.user_created_at))
  ) {
    throw new HttpError(
      400,
      'bad_request',
      name === 'after' ? 'after must be { user_created_at, user_id } of the last row of the previous page.' : 'until must be { user_created_at, user_id }.',
    );
  }
  return { createdAt: a.user_created_at, userId: a.user_id };
}

/**
 * Paging is our addition, backward compatible: without pageSize the function answers every row, as the product's
 * does. With pageSize it answers at most that many, newest first; the next page starts after the last row's
 * (user_created_at, user_id), passed back as `after`. With `until` only rows whose key is at or above it are answered.
 */
function pagingOf(body: Record<string, unknown>): Paging {
  const size = body.pageSize;
  if (size !== undefined && (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)) {
    throw new HttpError(400, 'bad_request', `pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  }
  // until (our addition too): the page ends at the first row whose key is below it, so a client can read ranges of the
  // list side by side.
  return { size: typeof size === 'number' ? size : null, after: keyOf(body.after, 'after'), until: keyOf(body.until, 'until') };
}

/** admin-get-users ({ statusFilter, searchTerm } → user rows): auth users with subscription, plan, blocks and attribution. */
export async function adminGetUsers(ctx: FunctionContext): Promise<AdminUserRow[]> {
  await requireAdmin(ctx);
  const body = bodyOf(ctx.body);
  const filter = optionalString(body, 'statusFilter', 'all');
  if (!(USER_FILTERS as readonly string[]).includes(filter)) throw new HttpError(400, 'bad_request', `Unknown statusFilter: ${filter}`);
  const term = normaliseSearch(optionalString(body, 'searchTerm', ''));
  const paging = pagingOf(body);
  // The page is chosen first; the block counts are then counted for its rows only.
  const { rows } = await ctx.db.query<AdminUserRow>(
    `with page as (
       select u.id, u.email, u.created_at, u.last_sign_in_at, s.id as subscription_id, s.status, p.name as plan_name,
              p.description as plan_description, a.id as attribution_id, a.utm_source, a.utm_campaign, a.utm_medium,
              l.id as link_id, l.campaign_name, l.campaign_type
         from auth.users u
         left join lateral (select id, status, plan_id from public.user_subscriptions x
                             where x.user_id = u.id order by x.created_at desc, x.id desc limit 1) s on true
         left join public.subscription_plans p on p.id = s.plan_id
         left join public.user_marketing_attribution a on a.user_id = u.id
         left join public.marketing_links l on l.id = a.marketing_link_id
        where ${FILTER_SQL} and ${SEARCH_SQL}
          and ($5::timestamptz is null or (u.created_at, u.id) < ($5::timestamptz, $6::uuid))
          and ($8::timestamptz is null or (u.created_at, u.id) >= ($8::timestamptz, $9::uuid))
        order by u.created_at desc, u.id desc
        limit $7)
     select id as user_id, email as user_email, ${isoSql('created_at')} as user_created_at, ${isoSql('last_sign_in_at')} as last_sign_in_at,
            subscription_id, status as subscription_status, plan_name, plan_description,
            (select count(*) from public.blocks b where b.user_id = page.id)::int as block_count,
            case when attribution_id is null then null else jsonb_build_object(
              'utm_source', utm_source, 'utm_campaign', utm_campaign, 'utm_medium', utm_medium,
              'marketing_links', case when link_id is null then null
                                      else jsonb_build_object('campaign_name', campaign_name, 'campaign_type', campaign_type) end) end
              as marketing_attribution
       from page
      order by created_at desc, id desc`,
    [
      filter,
      FOUNDERS_FREE_PLAN,
      BETA_FREE_PLAN,
      term,
      paging.after?.createdAt ?? null,
      paging.after?.userId ?? null,
      paging.size,
      paging.until?.createdAt ?? null,
      paging.until?.userId ?? null,
    ],
  );
  return rows;
}
