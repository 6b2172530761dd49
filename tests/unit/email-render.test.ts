import { describe, expect, it } from 'vitest';
import { renderTemplate, templateParses } from '../../shared/rules/email/render.js';
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
