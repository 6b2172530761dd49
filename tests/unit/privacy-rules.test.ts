import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_TEXT, legalReviewBadge, resolvePrivacy } from '../../shared/rules/privacy/document.js';

describe('privacy rules', () => {
  it('falls back from the active version to the setting to the default text', () => {
    const v = { content: 'v', version: 3, activated_at: '2026-11-01T00:00:00Z', created_at: '2026-10-01T00:00:00Z' };
    const s = { value: 's', updated_at: '2026-09-01T00:00:00Z' };
    expect(resolvePrivacy(v, s)).toEqual({ content: 'v', source: 'version', version: 3, updatedAt: '2026-11-01T00:00:00Z' });
    expect(resolvePrivacy(null, s)).toEqual({ content: 's', source: 'setting', version: null, updatedAt: '2026-09-01T00:00:00Z' });
    expect(resolvePrivacy(null, { value: '  ', updated_at: 'x' }).source).toBe('default');
    expect(resolvePrivacy(null, null)).toEqual({ content: DEFAULT_PRIVACY_TEXT, source: 'default', version: null, updatedAt: null });
  });
  it('states the 30-day, 90-day and 48-hour commitments', () => {
    expect(DEFAULT_PRIVACY_TEXT).toMatch(/within 30 days/);
    expect(DEFAULT_PRIVACY_TEXT).toMatch(/within 90 days/);
    expect(DEFAULT_PRIVACY_TEXT).toMatch(/within 48 hours/);
  });
  it('gives approved, rejected and pending their badges and any other value In Review', () => {
    expect(legalReviewBadge('approved').tone).toBe('success');
    expect(legalReviewBadge('rejected').tone).toBe('danger');
    expect(legalReviewBadge('pending').tone).toBe('warning');
    expect(legalReviewBadge('in_review')).toEqual({ tone: 'info', label: 'Legal: In Review' });
  });
});
