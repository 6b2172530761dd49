import { describe, expect, it } from 'vitest';
import { BANNER_AUDIENCES, BANNER_CATEGORIES, BANNER_MESSAGES, blankToNull, endsBeforeStart, isSafeActionUrl } from '../../shared/rules/banners/fields.js';
import { bannerSchedule, scheduleBadge } from '../../shared/rules/banners/schedule.js';
import { contract } from '../../shared/contract/index.js';
import {
  bannerFormErrors,
  bannerInputOf,
  canSaveBanner,
  emptyBannerForm,
  formFromBanner,
  isoToLocalInput,
  localInputToIso,
  sameBannerForm,
} from '../../shared/rules/banners/form.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const fields = {
  category: 'info',
  title: 'Title',
  message: 'Message',
  actionText: '',
  actionUrl: '',
  active: true,
  startDate: '',
  endDate: '',
  targetAudience: 'all',
};

describe('banner fields (spec 2 sections 3, 5 and 9)', () => {
  it('lists the categories and audiences of the spec', () => {
    expect(BANNER_CATEGORIES).toEqual(['info', 'warning', 'error', 'success']);
    expect(BANNER_AUDIENCES).toEqual(['all', 'subscribers', 'trial', 'canceled', 'free']);
    expect(BANNER_MESSAGES).toMatchObject({
      activated: 'Banner activated',
      deactivated: 'Banner deactivated',
      deleted: 'Banner deleted',
      created: 'Banner created successfully',
      updated: 'Banner updated successfully',
    });
  });

  it('sends blank optional text as null, trimmed otherwise', () => {
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(' Learn more ')).toBe('Learn more');
  });

  it('accepts only http(s) URLs and paths inside the app as action URLs', () => {
    for (const ok of ['https://reflect.example.com/pricing', 'http://example.com', 'HTTPS://Example.com/a?b=c#d', '/pricing', '/settings/billing?tab=plan']) {
      expect(isSafeActionUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'vbscript:x',
      '//evil.example.com',
      '/\\evil.example.com',
      'https://',
      'http:/x',
      'ftp://example.com',
      'pricing',
      'https://exa mple.com',
      '/a b',
      'java\tscript:x',
      '',
    ]) {
      expect(isSafeActionUrl(bad), bad).toBe(false);
    }
  });

  it('finds an end before the start only when both dates are set', () => {
    expect(endsBeforeStart('2026-12-01T00:00:00Z', '2026-11-30T23:59:59Z')).toBe(true);
    expect(endsBeforeStart('2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z')).toBe(false);
    expect(endsBeforeStart(null, '2020-01-01T00:00:00Z')).toBe(false);
    expect(endsBeforeStart('2030-01-01T00:00:00Z', null)).toBe(false);
  });
});

describe('banner schedule (scheduled, live, expired from the dates)', () => {
  const at = (startDate: string | null, endDate: string | null) => bannerSchedule({ startDate, endDate }, NOW);
  it('is live with open dates or inside them, scheduled before the start, expired after the end', () => {
    expect(at(null, null)).toBe('live');
    expect(at('2026-11-24T12:00:00Z', '2026-11-24T12:00:00Z')).toBe('live');
    expect(at('2026-11-01T00:00:00Z', null)).toBe('live');
    expect(at('2026-11-25T00:00:00Z', null)).toBe('scheduled');
    expect(at(null, '2026-11-24T11:59:59Z')).toBe('expired');
    expect(at('2026-11-25T00:00:00Z', '2026-11-26T00:00:00Z')).toBe('scheduled');
  });
  it('says Inactive on a switched-off banner, with what its dates would mean', () => {
    expect(scheduleBadge({ active: true, startDate: null, endDate: null }, NOW)).toBe('Live');
    expect(scheduleBadge({ active: false, startDate: '2027-01-01T00:00:00Z', endDate: null }, NOW)).toBe('Inactive: not shown, starts later');
    expect(scheduleBadge({ active: false, startDate: null, endDate: null }, NOW)).toBe('Inactive: not shown to users');
    expect(scheduleBadge({ active: false, startDate: null, endDate: '2020-01-01T00:00:00Z' }, NOW)).toBe('Inactive: not shown, ended');
  });
});

describe('banner input schemas (main refuses what the form refuses)', () => {
  const create = contract.banners.create.input;
  const messageOf = (input: unknown) => {
    const r = create.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it('turns empty dates, action text and action URL into null and trims the text', () => {
    const r = create.parse({ ...fields, title: '  Hello ', message: ' World ' });
    expect(r).toEqual({ ...fields, title: 'Hello', message: 'World', actionText: null, actionUrl: null, startDate: null, endDate: null });
  });

  it('refuses blank title and message, a javascript: URL, an end before the start, an unknown key and an unknown category', () => {
    expect(messageOf({ ...fields, title: '   ' })).toEqual([BANNER_MESSAGES.titleRequired]);
    expect(messageOf({ ...fields, message: '' })).toEqual([BANNER_MESSAGES.messageRequired]);
    expect(messageOf({ ...fields, actionUrl: 'javascript:alert(1)' })).toEqual([BANNER_MESSAGES.unsafeActionUrl]);
    expect(messageOf({ ...fields, startDate: '2026-12-02T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z' })).toEqual([BANNER_MESSAGES.endBeforeStart]);
    expect(messageOf({ ...fields, startDate: 'tomorrow' })).toEqual([BANNER_MESSAGES.invalidDate]);
    expect(messageOf({ ...fields, createdBy: '00000000-0000-4000-8000-000000000000' })).not.toBeNull();
    expect(messageOf({ ...fields, category: 'danger' })).not.toBeNull();
    expect(messageOf({ ...fields, targetAudience: 'everyone' })).not.toBeNull();
  });

  it('checks the dates on update too', () => {
    const r = contract.banners.update.input.safeParse({
      ...fields,
      id: '00000000-0000-4000-8000-000000000000',
      startDate: '2026-12-02T00:00:00Z',
      endDate: '2026-12-01T00:00:00Z',
    });
    expect(r.success).toBe(false);
  });
});

describe('banner form (defaults, nulls, messages, Save)', () => {
  it('starts active with audience all', () => {
    expect(emptyBannerForm()).toMatchObject({ active: true, targetAudience: 'all', category: 'info', title: '', message: '' });
  });

  it('sends empty dates, action text and action URL as null, and local date-times as instants', () => {
    const f = { ...emptyBannerForm(), title: ' T ', message: ' M ', actionText: '  ', startDate: '2026-12-01T09:30' };
    const input = bannerInputOf(f);
    expect(input).toMatchObject({ title: 'T', message: 'M', actionText: null, actionUrl: null, endDate: null });
    expect(input.startDate).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    expect(isoToLocalInput(input.startDate)).toBe('2026-12-01T09:30');
    expect(localInputToIso('')).toBeNull();
  });

  it('keeps Save disabled until title and message are non-blank, and while a field is refused', () => {
    const base = emptyBannerForm();
    expect(canSaveBanner(base)).toBe(false);
    expect(canSaveBanner({ ...base, title: 'T', message: '   ' })).toBe(false);
    expect(canSaveBanner({ ...base, title: 'T', message: 'M' })).toBe(true);
    expect(canSaveBanner({ ...base, title: 'T', message: 'M', actionUrl: 'javascript:alert(1)' })).toBe(false);
    expect(canSaveBanner({ ...base, title: 'T', message: 'M', startDate: '2026-12-02T00:00', endDate: '2026-12-01T00:00' })).toBe(false);
  });

  it('shows each message beside its field; title and message only once touched', () => {
    const f = { ...emptyBannerForm(), actionUrl: 'javascript:x', startDate: '2026-12-02T00:00', endDate: '2026-12-01T00:00' };
    expect(bannerFormErrors(f)).toEqual({ actionUrl: BANNER_MESSAGES.unsafeActionUrl, endDate: BANNER_MESSAGES.endBeforeStart });
    expect(bannerFormErrors(f, { title: true, message: true })).toMatchObject({
      title: BANNER_MESSAGES.titleRequired,
      message: BANNER_MESSAGES.messageRequired,
    });
  });

  it('round-trips a stored banner through the form', () => {
    const banner = {
      id: 'b',
      category: 'error',
      title: 'T',
      message: 'M',
      actionText: null,
      actionUrl: '/x',
      active: false,
      startDate: '2026-12-01T09:30:00.000Z',
      endDate: null,
      targetAudience: 'trial',
      createdBy: null,
      createdAt: '',
      updatedAt: '',
    } as const;
    const form = formFromBanner(banner);
    expect(form).toMatchObject({ actionText: '', actionUrl: '/x', endDate: '' });
    expect(bannerInputOf(form)).toEqual({
      category: 'error',
      title: 'T',
      message: 'M',
      actionText: null,
      actionUrl: '/x',
      active: false,
      startDate: '2026-12-01T09:30:00.000Z',
      endDate: null,
      targetAudience: 'trial',
    });
    expect(sameBannerForm(form, formFromBanner(banner))).toBe(true);
  });
});
