import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { ADMIN_EMAIL, MEMBER_EMAIL, bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { MarketingLink } from '../../shared/rules/marketing/types.js';
import { emptyMarketingForm } from '../../shared/rules/marketing/form.js';
import { MARKETING_MESSAGES as M, slugTakenMessage } from '../../shared/rules/marketing/fields.js';
import type { MarketingLinkForm } from '../../shared/rules/marketing/schema.js';
import type { ProfileSummary } from '../../shared/rules/profiles/types.js';
import { DEFAULT_PUBLIC_HOST, PUBLIC_HOST_MESSAGE } from '../../shared/rules/profiles/public-host.js';

/** The marketing links area through main's router against the embedded backend, checked against SQL. */
const backend = sharedBackend();
const PREFIX = 'it-mkt-';

const form = (slug: string, over: Partial<MarketingLinkForm> = {}): MarketingLinkForm => ({
  ...emptyMarketingForm('2026-11-01'),
  campaignName: `IT ${slug}`,
  slug: `${PREFIX}${slug}`,
  ...over,
});
const affiliate = (slug: string, over: Partial<MarketingLinkForm> = {}) =>
  form(slug, { isAffiliateLink: true, affiliateCommissionPercentage: 15.25, affiliateCommissionDurationMonths: 12, ...over });
const rowOf = async (id: string) => (await sql<Record<string, unknown>>(backend, 'select * from marketing_links where id = $1', [id]))[0];
const countMine = async () => Number((await sql<{ n: string }>(backend, 'select count(*) n from marketing_links where slug like $1', [`${PREFIX}%`]))[0]!.n);

describe('marketing links against the embedded backend', () => {
  let app: TestApp;
  let member: TestApp;
  let adminId = '';

  beforeAll(async () => {
    app = bootTestApp(backend);
    member = bootTestApp(backend);
    await app.signIn();
    await member.signIn(MEMBER_EMAIL);
    adminId = (await sql<{ id: string }>(backend, 'select id::text from auth.users where email = $1', [ADMIN_EMAIL]))[0]!.id;
  });
  afterAll(async () => {
    await sql(backend, 'delete from marketing_links where slug like $1', [`${PREFIX}%`]);
    await app?.close();
    await member?.close();
  });

  it('lists every link newest first, equal to SQL, past the 1,000-row cap', async () => {
    await sql(
      backend,
      `insert into marketing_links (campaign_name, slug, created_at)
       select 'IT bulk ' || g, $1 || 'bulk-' || g, now() - interval '1 year' - g * interval '1 minute' from generate_series(1, 1005) g`,
      [PREFIX],
    );
    const list = await app.data<MarketingLink[]>('marketing.list');
    const rows = await sql<{ id: string }>(backend, 'select id::text from marketing_links order by created_at desc, id');
    expect(rows.length).toBeGreaterThan(1000);
    expect(list.map((l) => l.id)).toEqual(rows.map((r) => r.id));
    const seeded = list.find((l) => l.isAffiliateLink)!;
    const [r] = await sql<{ campaign_name: string; slug: string; pct: string }>(
      backend,
      'select campaign_name, slug, affiliate_commission_percentage::text pct from marketing_links where id = $1',
      [seeded.id],
    );
    expect(seeded).toMatchObject({ campaignName: r!.campaign_name, slug: r!.slug, affiliateCommissionPercentage: Number(r!.pct) });
    await sql(backend, "delete from marketing_links where slug like $1 || 'bulk-%'", [PREFIX]);
  });

  it('creates an affiliate link: trimmed text, empty as null, perpetual clears months, created_by the admin', async () => {
    const { id } = await app.data<{ id: string }>('marketing.create', {
      link: affiliate('create', {
        campaignName: '  IT Create  ',
        campaignDescription: '   ',
        utmSource: ' instagram ',
        utmCampaign: 'it_create',
        affiliateEmail: ' partner@example.com ',
        affiliateCommissionDurationPerpetual: true,
        affiliateCommissionDurationMonths: 3,
        affiliatePayoutMethod: 'paypal',
        budgetAmount: 1500.5,
        targetConversions: 40,
        endDate: '2026-12-31',
      }),
    });
    expect(await rowOf(id)).toMatchObject({
      campaign_name: 'IT Create',
      campaign_description: null,
      slug: `${PREFIX}create`,
      utm_source: 'instagram',
      utm_medium: null,
      utm_campaign: 'it_create',
      target_url: '/',
      campaign_type: 'instagram',
      status: 'draft',
      priority: 'medium',
      is_affiliate_link: true,
      affiliate_commission_percentage: '15.25',
      affiliate_commission_duration_perpetual: true,
      affiliate_commission_duration_months: null,
      affiliate_email: 'partner@example.com',
      affiliate_payout_method: 'paypal',
      affiliate_minimum_payout: '50.00',
      budget_amount: '1500.50',
      target_conversions: 40,
      created_by: adminId,
    });
    const got = await app.data<MarketingLink>('marketing.get', { id });
    expect(got).toMatchObject({
      id,
      campaignName: 'IT Create',
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      affiliateCommissionPercentage: 15.25,
      budgetAmount: 1500.5,
    });
  });

  it('updates every field; turning affiliate tracking off clears the affiliate block', async () => {
    const { id } = await app.data<{ id: string }>('marketing.create', { link: affiliate('update', { affiliateEmail: 'a@example.com', affiliateNotes: 'n' }) });
    await app.data('marketing.update', {
      id,
      link: form('update-2', { campaignName: 'IT Updated', status: 'active', priority: 'high', campaignType: 'email', targetUrl: '/pricing' }),
    });
    expect(await rowOf(id)).toMatchObject({
      campaign_name: 'IT Updated',
      slug: `${PREFIX}update-2`,
      status: 'active',
      priority: 'high',
      campaign_type: 'email',
      target_url: '/pricing',
      is_affiliate_link: false,
      affiliate_commission_percentage: null,
      affiliate_commission_duration_months: null,
      affiliate_email: null,
      affiliate_notes: null,
      created_by: adminId,
    });
  });

  it('a taken slug is a clear conflict, and nothing is half written', async () => {
    const { id } = await app.data<{ id: string }>('marketing.create', { link: form('taken') });
    const { id: other } = await app.data<{ id: string }>('marketing.create', { link: form('other') });
    const before = await countMine();
    expect(await app.call('marketing.create', { link: form('taken', { campaignName: 'IT Dup' }) })).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: slugTakenMessage(`${PREFIX}taken`),
    });
    expect(await countMine()).toBe(before);
    const kept = await rowOf(other);
    expect(await app.call('marketing.update', { id: other, link: form('taken', { campaignName: 'IT Renamed' }) })).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(await rowOf(other)).toEqual(kept);
    expect(id).not.toBe(other);
  });

  it('refuses bad input with the spec messages, unknown keys and non-admins, writing nothing', async () => {
    const before = await countMine();
    const refused = async (link: unknown, message: string) =>
      expect(await app.call('marketing.create', { link })).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: expect.stringContaining(message) });
    await refused(form('bad-1', { campaignName: ' ' }), M.nameRequired);
    await refused(form('bad-2', { slug: 'Has Spaces' }), M.slugPattern);
    await refused(form('bad-3', { slug: '' }), M.slugRequired);
    await refused(affiliate('bad-4', { affiliateCommissionPercentage: null }), M.commissionRequired);
    await refused(affiliate('bad-5', { affiliateCommissionDurationMonths: null }), M.durationRequired);
    await refused(affiliate('bad-6', { affiliateEmail: 'nope' }), M.invalidEmail);
    await refused(form('bad-7', { startDate: '2026-11-10', endDate: '2026-11-09' }), M.endBeforeStart);
    await refused(form('bad-8', { targetConversions: 0 }), M.targetConversions);
    await refused(form('bad-9', { targetUrl: 'javascript:alert(1)' }), M.targetUrl);
    expect(await app.call('marketing.create', { link: { ...form('bad-10'), createdBy: adminId } })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await member.call('marketing.create', { link: form('bad-11') })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await member.call('marketing.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await countMine()).toBe(before);
  });

  it('deletes a link with its visits and revenue; a missing link is not found', async () => {
    const { id } = await app.data<{ id: string }>('marketing.create', { link: affiliate('delete') });
    await sql(backend, 'insert into marketing_link_visits (marketing_link_id) values ($1)', [id]);
    await sql(backend, 'insert into affiliate_revenue (marketing_link_id, payment_amount, commission_amount) values ($1, 10, 1.5)', [id]);
    expect(await app.data('marketing.delete', { id })).toEqual({ id });
    expect(await rowOf(id)).toBeUndefined();
    expect(
      await sql(
        backend,
        'select 1 from affiliate_revenue where marketing_link_id = $1 union all select 1 from marketing_link_visits where marketing_link_id = $1',
        [id],
      ),
    ).toEqual([]);
    expect(await app.data('marketing.get', { id })).toBeNull();
    expect(await app.call('marketing.delete', { id })).toEqual({ ok: false, code: 'NOT_FOUND', message: M.notFound });
    expect(await app.call('marketing.update', { id, link: form('ghost') })).toEqual({ ok: false, code: 'NOT_FOUND', message: M.notFound });
  });

  it("keeps each connection profile's public site address (the {host} of short links), as an origin", async () => {
    const { profiles } = await app.data<{ profiles: ProfileSummary[] }>('profiles.list');
    expect(profiles.find((p) => p.id === 'demo')?.publicHost).toBe(DEFAULT_PUBLIC_HOST);
    const keys = { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey };
    const saved = await app.data<ProfileSummary>('profiles.save', { name: 'IT hosts', ...keys, publicHost: ' https://Links.Example.com/ ' });
    expect(saved.publicHost).toBe('https://links.example.com');
    const edited = await app.data<ProfileSummary>('profiles.save', { id: saved.id, name: 'IT hosts', ...keys, publicHost: 'http://localhost:8080' });
    expect(edited.publicHost).toBe('http://localhost:8080');
    expect(await app.call('profiles.save', { id: saved.id, name: 'IT hosts', ...keys, publicHost: 'https://links.example.com/r' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: expect.stringContaining(PUBLIC_HOST_MESSAGE),
    });
    expect(await app.call('profiles.save', { name: 'IT hosts', ...keys, publicHost: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    expect((await app.data<{ profiles: ProfileSummary[] }>('profiles.list')).profiles.find((p) => p.id === saved.id)?.publicHost).toBe('http://localhost:8080');
    await app.data('profiles.remove', { id: saved.id });
  });
});
