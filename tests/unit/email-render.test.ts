import { describe, expect, it } from 'vitest';
import { USER_VARIABLES, previewSampleData, renderTemplate, templateParses } from '../../shared/rules/email/render.js';
import { emptyVariables, emptyVariablesNote, templateFields, testRecipientValues } from '../../shared/rules/email/test-message.js';
import { cleanSegmentFilters } from '../../shared/rules/email/segments.js';
import { DEFAULT_EMAIL_SETTINGS, mergeEmailSettings } from '../../shared/rules/email/settings.js';

describe('e-mail template rendering', () => {
  it('escapes values in HTML and keeps them as written in text', () => {
    const v = { goal_name: '<script>alert("x")</script>' };
    expect(renderTemplate('<p>{{goal_name}}</p>', v, 'html')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;</p>');
    expect(renderTemplate('Goal: {{goal_name}}', v, 'text')).toBe('Goal: <script>alert("x")</script>');
    expect(renderTemplate('{{missing}}!', {}, 'text')).toBe('!');
  });
  it('shows a broken template as written and reports that it does not parse', () => {
    expect(renderTemplate('{{#open}} no close', {}, 'text')).toBe('{{#open}} no close');
    expect(templateParses('{{#open}} no close')).toBe(false);
    expect(templateParses('Hi {{user_email}}')).toBe(true);
  });
});

describe('segment filters and settings', () => {
  it('keeps only well-formed filters', () => {
    expect(cleanSegmentFilters({ activityLevel: 'high', daysSinceLastActivity: '14', hasGoals: false, hasChallenges: 'yes', other: 1 })).toEqual({
      activityLevel: 'high',
      daysSinceLastActivity: 14,
      hasGoals: false,
    });
    expect(cleanSegmentFilters({ activityLevel: 'busy', daysSinceLastActivity: -1 })).toEqual({});
  });
  it('merges stored settings over the defaults', () => {
    expect(mergeEmailSettings({ companyName: 'X', fromEmail: 3 })).toEqual({ ...DEFAULT_EMAIL_SETTINGS, companyName: 'X' });
  });
});

describe("a test campaign's message (issue 27 part 1)", () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it("fills an address that is no user's from the preview's sample values, with its own address", () => {
    const values = testRecipientValues(now, 'qa@example.com');
    expect(values).toEqual({ ...previewSampleData(now, {}), user_email: 'qa@example.com' });
    expect(values).toMatchObject({ streak_days: '7', last_activity: '3 days ago', engagement_score: '85', growth_phase: 'Building' });
  });

  it("finds the template's variables, sections included, once each", () => {
    expect(templateFields('Hi {{ user_email }}', '{{#goal_name}}Goal: {{{goal_name}}}{{/goal_name}}', null, '{{nickname}}')).toEqual([
      'goal_name',
      'nickname',
      'user_email',
    ]);
  });

  it('names the variables nothing fills: unknown, blank, and never those a user recipient fills', () => {
    const values = { ...testRecipientValues(now, 'qa@example.com'), company_address: ' ', company_name: 'Reflect' };
    expect(emptyVariables(['streak_days', 'nickname', 'company_address', 'company_name'], values)).toEqual(['company_address', 'nickname']);
    expect(emptyVariables(['streak_days', 'nickname'], { company_name: 'Reflect' }, USER_VARIABLES)).toEqual(['nickname']);
    expect(emptyVariablesNote(['company_address', 'nickname'])).toBe('Empty in the message: {{company_address}}, {{nickname}}');
    expect(emptyVariablesNote([])).toBe('');
  });
});
