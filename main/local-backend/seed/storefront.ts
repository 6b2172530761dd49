import type pg from 'pg';
import { BANNERS, PRODUCTS, WISDOM_SOURCES } from './catalog/commerce.js';
import { DAY_MS, daysBefore, type Rng } from './random.js';
import { insertRows, insertUnnest, type Row } from './sql.js';
import { CONTACT_MESSAGES, FEEDBACK_ITEMS, FEEDBACK_TAGS, FIRST_NAMES, LAST_NAMES } from './texts.js';
import type { SeedUser } from './users.js';

/** Banners, partner products and wisdom sources: small hand-written catalogs. */
export async function insertStorefront(client: pg.PoolClient, rng: Rng, now: Date, adminId: string): Promise<void> {
  const at = (d: number | null) => (d === null ? null : new Date(now.getTime() + d * DAY_MS));
  await insertRows(
    client,
    'public.system_banners',
    BANNERS.map((b, i) => {
      const created = daysBefore(now, 200 - i * 30);
      return {
        id: rng.uuid(),
        category: b.category,
        title: b.title,
        message: b.message,
        action_text: b.action_text,
        action_url: b.action_url,
        active: b.active,
        start_date: at(b.start),
        end_date: at(b.end),
        target_audience: b.target_audience,
        created_by: adminId,
        created_at: created,
        updated_at: created,
      };
    }),
  );
  await insertRows(
    client,
    'public.partner_products',
    PRODUCTS.map((p, i) => {
      const slug = p.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
      const created = daysBefore(now, 300 - i * 20);
      return {
        id: rng.uuid(),
        name: p.name,
        slug,
        description: `${p.name} by ${p.company}. Hand-picked for Reflect members.`,
        short_description: `${p.company}'s ${p.category}`,
        company_name: p.company,
        company_website: `https://${p.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`,
        category: p.category,
        price_original: p.original,
        price_discounted: p.discounted,
        discount_percentage: p.pct,
        offer_description: p.pct ? `${p.pct}% off for Reflect members` : null,
        affiliate_link: `https://shop.example.com/${slug}?ref=reflect`,
        product_image_url: null,
        company_logo_url: null,
        marketing_site_url: null,
        is_active: p.active,
        is_featured: p.featured,
        tags: p.tags,
        target_audience: p.audience,
        benefits: p.benefits,
        conversion_tracking_id: `reflect-${slug}`,
        expires_at: 'expiresDays' in p ? new Date(now.getTime() + p.expiresDays * DAY_MS) : null,
        sort_order: i + 1,
        click_count: rng.int(0, 900),
        created_at: created,
        updated_at: created,
      };
    }),
  );
  await insertRows(
    client,
    'public.wisdom_sources',
    WISDOM_SOURCES.map((w, i) => {
      const created = daysBefore(now, 450 - i * 30);
      return {
        id: rng.uuid(),
        name: w.name,
        description: w.description,
        category: w.category,
        time_period: w.period,
        cultural_background: w.culture,
        expertise_areas: [...w.areas],
        is_active: w.active,
        created_at: created,
        updated_at: i % 3 === 0 ? daysBefore(now, i * 3) : created,
      };
    }),
  );
}

const FEEDBACK_STATUSES = ['new', 'reviewed', 'in_progress', 'resolved', 'closed', 'deleted'] as const;

/** Feedback in every status (with tags and a few attachments), a share anonymous; and general contact inquiries. */
export async function insertInbox(
  client: pg.PoolClient,
  rng: Rng,
  now: Date,
  users: readonly SeedUser[],
  feedbackPerUser: number,
  contactPerUser: number,
): Promise<Record<string, number>> {
  const nFeedback = Math.max(40, Math.round(users.length * feedbackPerUser));
  const feedback: unknown[][] = [];
  for (let i = 0; i < nFeedback; i++) {
    const item = rng.pick(FEEDBACK_ITEMS);
    const u = users.length > 2 && rng.chance(0.85) ? users[rng.int(1, users.length - 1)]! : undefined;
    const created = rng.between(new Date(Math.max(u?.createdAt.getTime() ?? 0, now.getTime() - 365 * DAY_MS)), now);
    const status =
      i < FEEDBACK_STATUSES.length
        ? FEEDBACK_STATUSES[i]!
        : rng.weighted([
            ['new', 30],
            ['reviewed', 15],
            ['in_progress', 15],
            ['resolved', 15],
            ['closed', 10],
            ['deleted', 15],
          ] as const);
    const base = item.type === 'bug' ? ['bug'] : item.type === 'feature' ? ['feature'] : [];
    const tags = [...new Set([...base, ...rng.sample(FEEDBACK_TAGS, rng.int(0, 3))])];
    const updated = status === 'new' ? created : new Date(Math.min(now.getTime(), created.getTime() + rng.int(1, 30) * DAY_MS));
    feedback.push([
      rng.uuid(),
      u?.id ?? null,
      item.type,
      item.title,
      item.description,
      status,
      tags,
      rng.chance(0.1) ? `https://files.example.com/feedback/${rng.hex(10)}.png` : null,
      created,
      updated,
    ]);
  }
  await insertUnnest(
    client,
    'public.feedback_submissions',
    [
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'type', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'description', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'tags', type: 'text[]' },
      { name: 'attachment_url', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    feedback,
  );

  const nContact = Math.max(15, Math.round(users.length * contactPerUser));
  const contacts: Row[] = [];
  for (let i = 0; i < nContact; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    // Some today and this week, so the stats cards are not zero.
    const at = new Date(now.getTime() - (i < 3 ? rng.next() * 0.5 * DAY_MS : i < 8 ? rng.next() * 7 * DAY_MS : rng.next() * 300 * DAY_MS));
    contacts.push({
      id: rng.uuid(),
      name: `${first} ${last}`,
      email: `${first}.${last}@example.net`
        .normalize('NFD')
        .replace(/[^A-Za-z@.]/g, '')
        .toLowerCase(),
      message: rng.pick(CONTACT_MESSAGES),
      created_at: at,
    });
  }
  await insertRows(client, 'public.contact_inquiries', contacts);
  return { feedback_submissions: nFeedback, contact_inquiries: nContact };
}
