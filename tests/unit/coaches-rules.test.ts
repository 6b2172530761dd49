import { describe, expect, it } from 'vitest';
import { slugify } from '../../shared/rules/common/slug.js';
import {
  COACH_CATEGORIES,
  COACH_MESSAGES,
  INQUIRY_MESSAGES,
  INQUIRY_STATUSES,
  SUBSCRIPTION_TIERS,
  coachStatus,
  coachTypeLabel,
  coachTypeValues,
  newCoachDefaults,
  productCoachType,
  tierBadge,
} from '../../shared/rules/coaches/fields.js';
import { coachFieldsOf, emptyCoachForm, sameCoachForm } from '../../shared/rules/coaches/form.js';
import { COACH_SORTS, COACH_STATS_KEEP_MS, COACH_STATS_STALE_MS, coachCounts, sortCoaches, usageOf } from '../../shared/rules/coaches/sort.js';
import { COACH_DEFAULT_VARIETY_PROMPTS, COACH_MODELS } from '../../shared/rules/coaches/params.js';
import { filterInquiries, inquiryStatusCounts } from '../../shared/rules/coaches/inquiries.js';
import { REQUEST_MESSAGE_PREVIEW, REQUEST_SAMPLE_MESSAGES, moreMessagesLabel, requestMessagePreview } from '../../shared/rules/coaches/requests.js';
import type { CoachInquiry } from '../../shared/rules/coaches/types.js';

describe('coach fields (spec 2 sections 2, 4, 5 and 9)', () => {
  it('derives the slug: lowercase, runs of non-alphanumerics to one hyphen, no hyphen at either end', () => {
    expect(slugify('Maya Chen')).toBe('maya-chen');
    expect(slugify('  --Dr. Anand   Rao!! ')).toBe('dr-anand-rao');
    expect(slugify('Budget Buddy (beta)')).toBe('budget-buddy-beta');
    expect(slugify('!!!')).toBe('');
  });

  it('has the categories, tiers, models and four default variety prompts', () => {
    expect(COACH_CATEGORIES).toEqual(['career', 'wellness', 'relationships', 'finance', 'creative', 'personal-growth', 'productivity']);
    expect(SUBSCRIPTION_TIERS).toEqual(['basic', 'foundation', 'premium', 'individual']);
    expect(COACH_MODELS).toEqual(['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-1.5-pro']);
    expect(COACH_DEFAULT_VARIETY_PROMPTS).toHaveLength(4);
  });

  it('gives a new coach tier basic, the product type, active and not free', () => {
    expect(newCoachDefaults('Reflect')).toEqual({ subscription_tier: 'basic', coach_type: 'reflect', is_active: true, is_free: false });
    expect(coachTypeValues('Acme')).toEqual(['acme', 'guest', 'community', 'system']);
    expect(productCoachType('  ')).toBe('reflect');
  });

  it('shows the status, tier and type badges', () => {
    expect(coachStatus({ isActive: false, hasPrompt: true })).toBe('Inactive');
    expect(coachStatus({ isActive: true, hasPrompt: false })).toBe('No Prompt');
    expect(coachStatus({ isActive: true, hasPrompt: true })).toBe('Active');
    expect(tierBadge('basic')).toBe('Basic');
    for (const t of ['foundation', 'premium', 'individual', null]) expect(tierBadge(t)).toBe('Foundation');
    expect(coachTypeLabel('reflect', 'Reflect')).toBe('Reflect');
    expect(coachTypeLabel('guest', 'Reflect')).toBe('Guest');
    expect(coachTypeLabel('system', 'Reflect')).toBe('System');
  });

  it('sends empty description, category and sample interaction as null, and trims the name', () => {
    const form = { ...emptyCoachForm('Reflect'), name: '  Nova  ', description: '   ', sampleInteraction: '' };
    expect(coachFieldsOf(form)).toEqual({
      name: 'Nova',
      description: null,
      category: null,
      subscriptionTier: 'basic',
      coachType: 'reflect',
      isFree: false,
      isActive: true,
      sampleInteraction: null,
    });
    expect(sameCoachForm(form, { ...form, description: '' })).toBe(true);
    expect(sameCoachForm(form, { ...form, isFree: true })).toBe(false);
  });

  it('uses the exact messages', () => {
    expect(COACH_MESSAGES).toMatchObject({
      validationTitle: 'Validation Error',
      nameRequired: 'Coach name is required.',
      notAuthenticated: 'User not authenticated',
      updateFailed: 'Error updating coach',
      promptFailed: 'Error updating prompt',
      knowledgeFailed: 'Error updating knowledge base',
      createFailed: 'Error creating coach',
      rollbackFailed: 'Rollback failed',
      loadFailed: 'Error Loading Coach',
      notFound: 'Coach Not Found',
      uploadFailed: 'Upload failed',
      removeAvatarFailed: 'Failed to remove avatar',
    });
    expect(INQUIRY_MESSAGES).toMatchObject({
      updateFailedTitle: 'Update failed',
      updateFailed: 'Failed to update status. Please try again.',
      deleteFailedTitle: 'Delete failed',
      deleteFailed: 'Failed to delete inquiry. Please try again.',
    });
  });
});

describe('Coach Management sorting and counts', () => {
  const coaches = [
    { id: 'a', name: 'beta', isActive: true, hasPrompt: true },
    { id: 'b', name: 'Alpha', isActive: true, hasPrompt: false },
    { id: 'c', name: 'gamma', isActive: false, hasPrompt: false },
    { id: 'd', name: 'Delta', isActive: true, hasPrompt: true },
  ];
  const usage = { a: { total_sessions: 2, total_messages: 10 }, b: { total_sessions: 5, total_messages: 1 }, d: { total_sessions: 30, total_messages: 0 } };

  it('offers name and usage both ways; usage is sessions plus messages (none when the stats omit a coach)', () => {
    expect(COACH_SORTS.map((s) => s.value)).toEqual(['name-asc', 'name-desc', 'usage-desc', 'usage-asc']);
    expect(usageOf(usage, 'a')).toBe(12);
    expect(usageOf(usage, 'c')).toBe(0);
    expect(usageOf(undefined, 'a')).toBe(0);
    const ids = (sort: Parameters<typeof sortCoaches>[1]) => sortCoaches(coaches, sort, usage).map((c) => c.id);
    expect(ids('name-asc')).toEqual(['b', 'a', 'd', 'c']);
    expect(ids('name-desc')).toEqual(['c', 'd', 'a', 'b']);
    expect(ids('usage-desc')).toEqual(['d', 'a', 'b', 'c']);
    expect(ids('usage-asc')).toEqual(['c', 'b', 'a', 'd']);
  });

  it('counts total, active, inactive and active without a prompt', () => {
    expect(coachCounts(coaches)).toEqual({ total: 4, active: 3, inactive: 1, activeWithoutPrompt: 1 });
  });

  it('caches coach stats 5 minutes and keeps them 10', () => {
    expect([COACH_STATS_STALE_MS, COACH_STATS_KEEP_MS]).toEqual([300_000, 600_000]);
  });
});

describe('coach requests and inquiries', () => {
  it('cuts sample messages at 150 characters and shows a more indicator past 2', () => {
    expect([REQUEST_SAMPLE_MESSAGES, REQUEST_MESSAGE_PREVIEW]).toEqual([2, 150]);
    expect(requestMessagePreview('m'.repeat(151))).toBe(`${'m'.repeat(150)}...`);
    expect(requestMessagePreview('short')).toBe('short');
    expect(moreMessagesLabel(2)).toBeNull();
    expect(moreMessagesLabel(5)).toBe('+3 more');
  });

  const inquiry = (id: string, fullName: string, email: string, status: CoachInquiry['status'], message: string | null = null): CoachInquiry => ({
    id,
    fullName,
    email,
    status,
    message,
    website: null,
    linkedin: null,
    createdAt: '2025-01-01T00:00:00Z',
  });
  const list = [
    inquiry('1', 'Nia Rossi', 'nia@example.com', 'new', 'Money coach'),
    inquiry('2', 'Ravi Müller', 'ravi@example.com', 'closed'),
    inquiry('3', 'Wei Novak', 'wei@example.com', 'in-progress', 'I teach MONEY habits'),
  ];

  it('searches name, e-mail and message ignoring case, and filters by status', () => {
    expect(INQUIRY_STATUSES).toEqual(['new', 'contacted', 'in-progress', 'closed']);
    expect(filterInquiries(list, 'money', 'all').map((i) => i.id)).toEqual(['1', '3']);
    expect(filterInquiries(list, '  RAVI@ ', 'all').map((i) => i.id)).toEqual(['2']);
    expect(filterInquiries(list, 'money', 'in-progress').map((i) => i.id)).toEqual(['3']);
    expect(filterInquiries(list, '', 'contacted')).toEqual([]);
    expect(inquiryStatusCounts(list)).toEqual({ new: 1, contacted: 0, 'in-progress': 1, closed: 1 });
  });
});
