import { FEATURE_KEYS } from '../../../shared/rules/flags/flags.js';
import { LIVE_STATUSES } from '../../../shared/rules/feedback/model.js';
import { COACH_CATEGORIES, INQUIRY_STATUSES, OTHER_COACH_TYPES, SUBSCRIPTION_TIERS } from '../../../shared/rules/coaches/fields.js';
import { ADMIN_ROLES, NOTIFICATION_TYPES } from '../../../shared/rules/email/admin-users.js';
import { ACTIVITY_LEVELS } from '../../../shared/rules/email/segments.js';
import { emptyMarketingForm } from '../../../shared/rules/marketing/form.js';
import { FAMILY_SPECS } from '../../../shared/rules/prompts/families.js';
import { TEMPLATE_TYPES, TRIGGER_TYPES } from '../../../shared/rules/email/engagement.js';
import { RUN_PREFIX, type World } from './world.js';

export type Random = () => number;

/** One call the run will make, and what the checks need to know about it. */
export interface Planned {
  readonly op: string;
  readonly input: unknown;
  /** The input is invalid on purpose: the answer must be INVALID_INPUT and nothing may change. */
  readonly invalid?: true;
  /** A row this call alone would create, found by a unique value: there exactly once if it landed, else absent. */
  readonly marker?: {
    readonly table: string;
    readonly column: string;
    readonly value: string;
    /** The operation that deletes such a row, when it is not the create's area + ".delete". */
    readonly deletedBy?: string;
  };
  /** A table this call adds exactly one row to when it lands (counted against the answers at the end). */
  readonly adds?: string;
  /** The user this call deletes. */
  readonly deletes?: string;
  /** What this update asks of its target (checked right after it, unless another call of its area may have written meanwhile). */
  readonly sets?: Sets;
  /** The one row this delete takes away (checked right after it, as `sets` is). */
  readonly removes?: Removes;
}

/** A delete's target: the row of `table` with this id. */
export interface Removes {
  readonly table: string;
  readonly id: string;
}

/** An update's target (the rows of `table` where `match`) and the values it asks them to hold. */
export interface Sets {
  readonly table: string;
  readonly match: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, unknown>>;
  /** No such row holds the values too (a revoke: no override at all grants nothing). */
  readonly absentHolds?: boolean;
}

const sets = (table: string, id: string, values: Record<string, unknown>): { sets: Sets } => ({ sets: { table, match: { id }, values } });
const removes = (table: string, id: string): { removes: Removes } => ({ removes: { table, id } });

interface Generator {
  readonly op: string;
  readonly weight: number;
  make(r: Random, w: World, tag: string): Planned | undefined;
}

const pick = <T>(r: Random, xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);
const shuffled = <T>(r: Random, xs: readonly T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};
const BOGUS_ID = '00000000-0000-4000-8000-00000000dead';

type Call = Omit<Planned, 'op'>;

/** The shape most writes share: pick one of the rows the world holds, then build the call from it (none when there are no rows). */
const onRow = <T>(op: string, weight: number, rows: (w: World) => readonly T[], build: (row: T, r: Random, tag: string) => Call): Generator => ({
  op,
  weight,
  make: (r, w, tag) => {
    const row = pick(r, rows(w));
    return row === undefined ? undefined : { op, ...build(row, r, tag) };
  },
});

/** The valid input, or now and then (share 0..1) an invalid one: the answer must then be INVALID_INPUT and nothing may change. */
const orInvalid = (r: Random, share: number, valid: unknown, invalid: unknown, facts: Omit<Call, 'input' | 'invalid'> = {}): Call =>
  r() < share ? { ...facts, input: invalid, invalid: true } : { ...facts, input: valid };

const bannerFields = (r: Random, title: string) => ({
  category: 'info',
  title,
  message: 'A banner from the fault run.',
  actionText: '',
  actionUrl: '',
  active: r() < 0.5,
  startDate: null,
  endDate: null,
  targetAudience: 'all',
});

/** A product of the run: its slug is unique in the table (a create's marker). */
const productFields = (name: string, slug: string) => ({
  name,
  slug,
  description: null,
  shortDescription: null,
  companyName: 'Fault Run Company',
  companyWebsite: null,
  category: 'tool',
  priceOriginal: null,
  priceDiscounted: null,
  discountPercentage: null,
  offerDescription: null,
  affiliateLink: 'https://shop.example.com/fault-run',
  productImageUrl: null,
  companyLogoUrl: null,
  marketingSiteUrl: null,
  isActive: true,
  isFeatured: false,
  tags: null,
  targetAudience: null,
  benefits: null,
  conversionTrackingId: null,
  expiresAt: null,
});

const wisdomFields = (name: string) => ({
  name,
  description: 'A source of wisdom from the fault run.',
  category: 'scientist',
  timePeriod: 'classical',
  culturalBackground: 'Greek',
  expertiseAreas: ['learning', 'curiosity'],
  isActive: true,
});

const templateInput = (r: Random, templateName: string) => ({
  templateName,
  templateType: pick(r, TEMPLATE_TYPES),
  category: null,
  subjectTemplate: 'Hello {{first_name}}',
  htmlTemplate: null,
  textTemplate: 'A message from the fault run.',
  aiPersonalizationEnabled: false,
});

const paramsOf = (family: 'coach-prompt' | 'mirror' | 'daily-wisdom') => ({ ...FAMILY_SPECS[family].params!.defaults });

/** A coach of the run: its name is unique (a create's marker); a type besides the product's own is valid whatever the product. */
const coachFields = (r: Random, name: string) => ({
  name,
  description: 'A coach from the fault run.',
  category: pick(r, COACH_CATEGORIES),
  subscriptionTier: pick(r, SUBSCRIPTION_TIERS),
  coachType: pick(r, OTHER_COACH_TYPES),
  isFree: r() < 0.5,
  isActive: r() < 0.7,
  sampleInteraction: null,
});

const segmentFields = (r: Random, name: string) => ({
  name,
  description: null,
  filters: { activityLevel: pick(r, ACTIVITY_LEVELS), hasGoals: r() < 0.5 },
  estimatedCount: Math.floor(r() * 500),
});

/** A marketing link of the run: its slug is the run's prefix and the call's tag, unique in the table. */
const marketingLink = (slug: string) => ({ ...emptyMarketingForm('2026-11-01'), campaignName: `${RUN_PREFIX}${slug}`, slug });

/** The writes the run chooses among, with valid inputs built from what the database holds (and now and then invalid ones). */
export const GENERATORS: readonly Generator[] = [
  {
    op: 'banners.create',
    weight: 3,
    make: (r, _w, tag) => {
      const title = `${RUN_PREFIX}${tag}`;
      const base = bannerFields(r, title);
      return {
        op: 'banners.create',
        ...orInvalid(r, 0.15, base, { ...base, message: '   ' }, { marker: { table: 'system_banners', column: 'title', value: title } }),
      };
    },
  },
  // The title stays: a create's marker finds its banner by title.
  onRow(
    'banners.update',
    2,
    (w) => w.banners,
    (b, r) => {
      const base = { id: b.id, ...bannerFields(r, b.title), message: 'Edited by the fault run.' };
      const facts = sets('system_banners', b.id, { message: base.message, active: base.active });
      return orInvalid(r, 0.1, base, { ...base, actionUrl: 'javascript:alert(1)', actionText: 'Open' }, facts);
    },
  ),
  onRow(
    'banners.setActive',
    2,
    (w) => w.banners,
    (b, r) => {
      const active = r() < 0.5;
      return { input: { id: b.id, active }, ...sets('system_banners', b.id, { active }) };
    },
  ),
  onRow(
    'banners.delete',
    1,
    (w) => w.banners,
    (b) => ({ input: { id: b.id }, ...removes('system_banners', b.id) }),
  ),
  {
    op: 'products.reorder',
    weight: 2,
    make: (r, w) => {
      if (w.products.length < 2) return undefined;
      const ids = shuffled(r, w.products);
      return { op: 'products.reorder', ...orInvalid(r, 0.1, { ids }, { ids: [...ids, ids[0]] }) };
    },
  },
  onRow(
    'products.setActive',
    1,
    (w) => w.products,
    (id, r) => {
      const isActive = r() < 0.7;
      return orInvalid(r, 0.1, { id, isActive }, { id, isActive: 'yes' }, sets('partner_products', id, { is_active: isActive }));
    },
  ),
  onRow(
    'feedback.setStatus',
    3,
    (w) => w.feedback,
    (id, r) => {
      const status = pick(r, LIVE_STATUSES);
      return orInvalid(r, 0.1, { id, status }, { id, status: 'deleted' }, sets('feedback_submissions', id, { status }));
    },
  ),
  onRow(
    'feedback.setTags',
    2,
    (w) => w.feedback,
    (id, r) => orInvalid(r, 0.1, { id, tags: shuffled(r, ['bug', 'fault run', 'ui', 'billing']).slice(0, 1 + Math.floor(r() * 3)) }, { id, tags: ['  '] }),
  ),
  onRow(
    'feedback.softDelete',
    1,
    (w) => w.feedback,
    (id) => ({ input: { id }, ...sets('feedback_submissions', id, { status: 'deleted' }) }),
  ),
  onRow(
    'feedback.undoDelete',
    1,
    (w) => w.feedbackTrash,
    (id, r) => {
      const status = pick(r, LIVE_STATUSES);
      return { input: { id, status }, ...sets('feedback_submissions', id, { status }) };
    },
  ),
  onRow(
    'feedback.restore',
    1,
    (w) => w.feedbackTrash,
    (id, r) => orInvalid(r, 0.1, { ids: [id] }, { ids: [] }, sets('feedback_submissions', id, { status: 'new' })),
  ),
  onRow(
    'feedback.deleteForever',
    1,
    (w) => w.feedbackTrash,
    (id) => ({ input: { ids: [id] }, ...removes('feedback_submissions', id) }),
  ),
  onRow(
    'flags.grant',
    2,
    (w) => w.flagUsers,
    (u, r) => {
      const featureKey = pick(r, FEATURE_KEYS)!;
      const target = { table: 'user_feature_flags', match: { user_id: u.id, feature_key: featureKey }, values: { enabled: true, notes: null } };
      return { input: { email: u.email, featureKey, notes: '', expiresAt: null }, sets: target };
    },
  ),
  onRow(
    'flags.revoke',
    2,
    (w) => w.flagUsers,
    (u, r) => {
      const featureKey = pick(r, FEATURE_KEYS)!;
      const target = { table: 'user_feature_flags', match: { user_id: u.id, feature_key: featureKey }, values: { enabled: false }, absentHolds: true };
      return orInvalid(r, 0.1, { userId: u.id, featureKey }, { userId: u.id, featureKey: 'no_such_feature' }, { sets: target });
    },
  ),
  {
    op: 'privacy.createVersion',
    weight: 2,
    make: (r, _w, tag) => {
      const changeSummary = `${RUN_PREFIX}${tag}`;
      const marker = { table: 'privacy_document_versions', column: 'change_summary', value: changeSummary };
      const valid = { content: `# Privacy intentions\n\nVersion of ${tag}.`, changeSummary, changeReason: null };
      return { op: 'privacy.createVersion', ...orInvalid(r, 0.1, valid, { ...valid, content: ' ' }, { marker }) };
    },
  },
  onRow(
    'privacy.activate',
    2,
    (w) => w.privacyVersions,
    (versionId) => ({ input: { versionId }, ...sets('privacy_document_versions', versionId, { is_active: true }) }),
  ),
  {
    op: 'prompts.activate',
    weight: 2,
    make: (r, w) => {
      const versionId = pick(r, w.publicChatbotVersions);
      if (r() < 0.1) return { op: 'prompts.activate', input: { family: 'mirror', versionId: BOGUS_ID }, invalid: true };
      return versionId
        ? { op: 'prompts.activate', input: { family: 'public-chatbot', versionId }, ...sets('public_chatbot_prompts', versionId, { is_active: true }) }
        : undefined;
    },
  },
  {
    op: 'prompts.rollback',
    weight: 3,
    make: (r, w) => {
      const which = r();
      if (which < 0.4) {
        const v = pick(r, w.coachPrompts);
        return v ? { op: 'prompts.rollback', input: { family: 'coach-prompt', coachId: v.coachId, versionId: v.versionId }, adds: 'coach_prompts' } : undefined;
      }
      if (which < 0.8) {
        const v = pick(r, w.mirrorVersions);
        return v
          ? { op: 'prompts.rollback', input: { family: 'mirror', promptType: v.promptType, versionId: v.versionId }, adds: 'mirror_prompts' }
          : undefined;
      }
      const versionId = pick(r, w.dailyWisdomVersions);
      return versionId ? { op: 'prompts.rollback', input: { family: 'daily-wisdom', versionId }, adds: 'daily_wisdom_prompts' } : undefined;
    },
  },
  onRow(
    'wisdom.setActive',
    1,
    (w) => w.wisdomSources,
    (id, r) => {
      const isActive = r() < 0.7;
      return { input: { id, isActive }, ...sets('wisdom_sources', id, { is_active: isActive }) };
    },
  ),
  onRow(
    'coaches.setInquiryStatus',
    1,
    (w) => w.inquiries,
    (id, r) => {
      const status = pick(r, INQUIRY_STATUSES);
      return orInvalid(r, 0.1, { id, status }, { id, status: 'lost' }, sets('coach_inquiries', id, { status }));
    },
  ),
  onRow(
    'email.setTemplateActive',
    1,
    (w) => w.emailTemplates,
    (id, r) => {
      const isActive = r() < 0.7;
      return { input: { id, isActive }, ...sets('email_templates', id, { is_active: isActive }) };
    },
  ),
  onRow(
    'email.setTriggerActive',
    1,
    (w) => w.emailTriggers,
    (id, r) => {
      const isActive = r() < 0.7;
      return { input: { id, isActive }, ...sets('email_triggers', id, { is_active: isActive }) };
    },
  ),
  onRow(
    'email.approveTemplate',
    1,
    (w) => w.emailTemplates,
    (id) => ({ input: { id } }),
  ),
  onRow(
    'coaches.deleteInquiry',
    1,
    (w) => w.inquiries,
    (id, r) => orInvalid(r, 0.1, { id }, { id: 'not-an-id' }, removes('coach_inquiries', id)),
  ),
  onRow(
    'inquiries.delete',
    1,
    (w) => w.contactInquiries,
    (id, r) => orInvalid(r, 0.1, { id }, { id: 'not-an-id' }, removes('contact_inquiries', id)),
  ),
  {
    op: 'marketing.create',
    weight: 2,
    make: (r, _w, tag) => {
      const slug = `fault-run-${tag}`;
      const marker = { table: 'marketing_links', column: 'slug', value: slug };
      return {
        op: 'marketing.create',
        ...orInvalid(r, 0.1, { link: marketingLink(slug) }, { link: { ...marketingLink(slug), slug: 'Not A Slug' } }, { marker }),
      };
    },
  },
  // The slug stays: a create's marker finds its link by slug.
  onRow(
    'marketing.update',
    1,
    (w) => w.marketingLinks,
    (l, r) =>
      orInvalid(
        r,
        0.1,
        { id: l.id, link: { ...marketingLink(l.slug), notes: 'Edited by the fault run.' } },
        { id: l.id, link: { ...marketingLink(l.slug), startDate: '' } },
      ),
  ),
  onRow(
    'marketing.delete',
    1,
    (w) => w.marketingLinks,
    (l) => ({ input: { id: l.id }, ...removes('marketing_links', l.id) }),
  ),
  // Products: created at 999 (spec 2) until the next reorder; deleting one closes its gap in the database.
  {
    op: 'products.create',
    weight: 1,
    make: (r, _w, tag) => {
      const slug = `fault-run-${tag}`;
      const marker = { table: 'partner_products', column: 'slug', value: slug };
      const valid = productFields(`${RUN_PREFIX}${tag}`, slug);
      return { op: 'products.create', ...orInvalid(r, 0.1, valid, { ...valid, affiliateLink: 'javascript:alert(1)' }, { marker }) };
    },
  },
  // The slug stays: a create's marker finds its product by slug.
  onRow(
    'products.update',
    1,
    (w) => w.runProducts,
    (p, r) =>
      orInvalid(
        r,
        0.1,
        { id: p.id, ...productFields(p.name, p.slug), offerDescription: 'Edited by the fault run.' },
        { id: p.id, ...productFields('  ', p.slug) },
      ),
  ),
  onRow(
    'products.delete',
    1,
    (w) => w.products,
    (id, r) => orInvalid(r, 0.1, { id }, { id: 'not-an-id' }, removes('partner_products', id)),
  ),
  {
    op: 'wisdom.create',
    weight: 1,
    make: (r, _w, tag) => {
      const name = `${RUN_PREFIX}${tag}`;
      const valid = wisdomFields(name);
      return {
        op: 'wisdom.create',
        ...orInvalid(r, 0.1, valid, { ...valid, description: ' ' }, { marker: { table: 'wisdom_sources', column: 'name', value: name } }),
      };
    },
  },
  // The name stays: a create's marker finds its source by name.
  onRow(
    'wisdom.update',
    1,
    (w) => w.runWisdom,
    (x, r) =>
      orInvalid(r, 0.1, { id: x.id, ...wisdomFields(x.name), description: 'Edited by the fault run.' }, { id: x.id, ...wisdomFields(x.name), category: ' ' }),
  ),
  onRow(
    'wisdom.delete',
    1,
    (w) => w.runWisdom,
    (x) => ({ input: { id: x.id }, ...removes('wisdom_sources', x.id) }),
  ),
  // E-mail templates and triggers of the run (found by name); deleting a template sets its triggers' template to null.
  {
    op: 'email.saveTemplate',
    weight: 1,
    make: (r, _w, tag) => {
      const templateName = `${RUN_PREFIX}${tag}`;
      const marker = { table: 'email_templates', column: 'template_name', value: templateName, deletedBy: 'email.deleteTemplate' };
      const valid = templateInput(r, templateName);
      return { op: 'email.saveTemplate', ...orInvalid(r, 0.1, valid, { ...valid, templateName: ' ' }, { marker }) };
    },
  },
  {
    op: 'email.saveTrigger',
    weight: 1,
    make: (r, w, tag) => {
      const templateId = pick(r, w.emailTemplates);
      if (!templateId) return undefined;
      const triggerName = `${RUN_PREFIX}${tag}`;
      const marker = { table: 'email_triggers', column: 'trigger_name', value: triggerName, deletedBy: 'email.deleteTrigger' };
      const valid = { triggerName, triggerType: pick(r, TRIGGER_TYPES), templateId, conditionParameters: { days: 3 } };
      return { op: 'email.saveTrigger', ...orInvalid(r, 0.1, valid, { ...valid, templateId: 'not-an-id' }, { marker }) };
    },
  },
  onRow(
    'email.deleteTemplate',
    1,
    (w) => w.runTemplates,
    (id) => ({ input: { id }, ...removes('email_templates', id) }),
  ),
  onRow(
    'email.deleteTrigger',
    1,
    (w) => w.runTriggers,
    (id) => ({ input: { id }, ...removes('email_triggers', id) }),
  ),
  // A new version of a coach's prompt, a mirror prompt or the daily wisdom prompt: active at once, the previous
  // one not (exactly one active version, whatever the interleaving).
  {
    op: 'prompts.save',
    weight: 2,
    make: (r, w, tag) => {
      const which = r();
      const content = `A prompt saved by the fault run (${tag}).`;
      if (r() < 0.1)
        return { op: 'prompts.save', input: { family: 'daily-wisdom', content, params: paramsOf('daily-wisdom'), notes: null, version: 1 }, invalid: true };
      if (which < 0.4) {
        const v = pick(r, w.coachPrompts);
        return v
          ? {
              op: 'prompts.save',
              input: { family: 'coach-prompt', coachId: v.coachId, content, params: paramsOf('coach-prompt'), notes: null },
              adds: 'coach_prompts',
            }
          : undefined;
      }
      if (which < 0.8) {
        const v = pick(r, w.mirrorVersions);
        return v
          ? {
              op: 'prompts.save',
              input: { family: 'mirror', promptType: v.promptType, content, params: paramsOf('mirror'), notes: null },
              adds: 'mirror_prompts',
            }
          : undefined;
      }
      return { op: 'prompts.save', input: { family: 'daily-wisdom', content, params: paramsOf('daily-wisdom'), notes: null }, adds: 'daily_wisdom_prompts' };
    },
  },
  // Coaches: main chooses a create's id, so a lost reply is settled by reading it back; the checks find the row by
  // name. An update keeps the name.
  {
    op: 'coaches.create',
    weight: 1,
    make: (r, _w, tag) => {
      const name = `${RUN_PREFIX}${tag}`;
      const valid = coachFields(r, name);
      return {
        op: 'coaches.create',
        ...orInvalid(r, 0.1, valid, { ...valid, subscriptionTier: 'platinum' }, { marker: { table: 'coaches', column: 'name', value: name } }),
      };
    },
  },
  onRow(
    'coaches.update',
    1,
    (w) => w.coaches,
    (c, r) => orInvalid(r, 0.1, { id: c.id, ...coachFields(r, c.name) }, { id: c.id, ...coachFields(r, c.name), coachType: 'Not A Type' }),
  ),
  // E-mail admin users (stored in lower case, so the marker is too); none is deleted.
  {
    op: 'email.createAdminUser',
    weight: 1,
    make: (r, _w, tag) => {
      const email = `fault-run-${tag}@example.com`;
      const valid = { email, fullName: `${RUN_PREFIX}${tag}`, role: pick(r, ADMIN_ROLES) };
      return {
        op: 'email.createAdminUser',
        ...orInvalid(r, 0.1, valid, { ...valid, email: 'not an address' }, { marker: { table: 'admin_users', column: 'email', value: email } }),
      };
    },
  },
  // Its effect is not checked against the database: two administrators may set the flag both ways, and the last
  // one wins; the checks hold its answer against the audit log only.
  onRow(
    'email.setAdminUserActive',
    1,
    (w) => w.adminUsers,
    (id, r) => {
      const isActive = r() < 0.5;
      return orInvalid(r, 0.1, { id, isActive }, { id, isActive: 'no' }, sets('admin_users', id, { is_active: isActive }));
    },
  ),
  // An upsert keyed on admin and type (the last save of a type wins): not checked against the database, only
  // against the audit log. The types of one save are distinct, as the screen sends them.
  onRow(
    'email.savePreferences',
    1,
    (w) => w.adminUsers,
    (adminUserId, r) => {
      const preferences = shuffled(r, NOTIFICATION_TYPES)
        .slice(0, 1 + Math.floor(r() * 3))
        .map((notificationType) => ({ notificationType, isEnabled: r() < 0.5 }));
      return orInvalid(r, 0.1, { adminUserId, preferences }, { adminUserId, preferences: [{ notificationType: 'carrier_pigeon', isEnabled: true }] });
    },
  ),
  // A segment of the run: created without an id (found by name), or saved again with its id (the name stays).
  {
    op: 'email.saveSegment',
    weight: 1,
    make: (r, w, tag) => {
      const existing = r() < 0.4 ? pick(r, w.runSegments) : undefined;
      if (existing) {
        const valid = { id: existing.id, ...segmentFields(r, existing.name) };
        return { op: 'email.saveSegment', ...orInvalid(r, 0.1, valid, { ...valid, estimatedCount: -1 }) };
      }
      const name = `${RUN_PREFIX}${tag}`;
      const valid = segmentFields(r, name);
      return {
        op: 'email.saveSegment',
        ...orInvalid(r, 0.1, valid, { ...valid, name: ' ' }, { marker: { table: 'user_segments', column: 'name', value: name } }),
      };
    },
  },
  // The demo password: one admin_settings row, upserted; the last save wins.
  {
    op: 'dashboard.setDemoPassword',
    weight: 1,
    make: (r, _w, tag) => {
      const password = `fault-run-${tag}`;
      const target = { table: 'admin_settings', match: { key: 'demo_password' }, values: { value: password } };
      return { op: 'dashboard.setDemoPassword', ...orInvalid(r, 0.1, { password }, { password: 'x'.repeat(201) }, { sets: target }) };
    },
  },
  // Kept by an edge function as one record the last save of a key wins: not checked against the database, only
  // against the audit log. Addresses must be addresses.
  {
    op: 'email.saveSettings',
    weight: 1,
    make: (r, _w, tag) => {
      const valid = { companyName: `Reflect (${tag})`, supportEmail: `support-${tag}@example.com` };
      return { op: 'email.saveSettings', ...orInvalid(r, 0.1, valid, { ...valid, supportEmail: 'not an address' }) };
    },
  },
  // Gone once deleted: the next world no longer offers it; a second delete of it (the other administrator) is
  // NOT_FOUND. Checked against the database right after it (removes), as every delete is.
  onRow(
    'prompts.deleteConversation',
    1,
    (w) => w.conversations,
    (id, r) => orInvalid(r, 0.1, { id }, { id: 'not-an-id' }, removes('internal_chatbot_conversations', id)),
  ),
  // The run's database always holds mirror prompts, so this is refused (PRECONDITION_FAILED) and must change
  // nothing: exactly one active version per mirror type still holds (checkInvariants).
  {
    op: 'prompts.initializeMirror',
    weight: 1,
    make: (r) => ({ op: 'prompts.initializeMirror', ...orInvalid(r, 0.1, {}, { force: true }) }),
  },
  {
    op: 'users.deleteUser',
    weight: 1,
    make: (r, w) => {
      const u = pick(r, w.deletable);
      if (!u) return undefined;
      const valid = { targetUserId: u.id, reason: 'Asked for by the user (fault run).', confirmEmail: u.email };
      const c = orInvalid(r, 0.15, valid, { ...valid, reason: 'x' });
      return { op: 'users.deleteUser', ...c, ...(c.invalid ? {} : { deletes: u.id }) };
    },
  },
];

/** Reads interleaved with the writes (each also keeps its answer for offline use). */
export const READS: readonly (readonly [string, unknown])[] = [
  ['banners.list', {}],
  ['products.list', {}],
  ['privacy.current', {}],
  ['flags.list', {}],
  ['coaches.list', {}],
  ['feedback.trash', {}],
];

/** The next call: a read one time in four, otherwise a write chosen by weight (another if its targets are gone). */
export function plan(r: Random, w: World, tag: string): Planned {
  if (r() < 0.25) {
    const [op, input] = pick(r, READS)!;
    return { op, input };
  }
  const total = GENERATORS.reduce((s, g) => s + g.weight, 0);
  for (let attempt = 0; attempt < 10; attempt++) {
    let x = r() * total;
    const g = GENERATORS.find((g) => (x -= g.weight) < 0) ?? GENERATORS[0]!;
    const p = g.make(r, w, tag);
    if (p) return p;
  }
  return GENERATORS[0]!.make(r, w, tag)!;
}

/** Writes of the contract the run does not generate yet (named in the run's summary). */
export function writesNotGenerated(allWrites: readonly string[]): string[] {
  const covered = new Set(GENERATORS.map((g) => g.op));
  return allWrites.filter((w) => !covered.has(w));
}
