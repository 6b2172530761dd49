import { describe, expect, it } from 'vitest';
import { gradeOf, summariseHealth, typeBadgeTone } from '../../shared/rules/email/health.js';
import { adminFormError, defaultPreferences } from '../../shared/rules/email/admin-users.js';
import { campaignError, parseConditions, relativeQueueTime, shortId, templateErrors } from '../../shared/rules/email/engagement.js';
import { parseEml } from '../../main/services/email/eml.js';
import type { z } from 'zod';
import { contract } from '../../shared/contract/index.js';
import { EMAIL_ADDRESS_SETTINGS, settingsAddressErrors } from '../../shared/rules/email/settings.js';

describe('e-mail health', () => {
  it('grades by the spec thresholds', () => {
    expect([gradeOf(null), gradeOf(95), gradeOf(94.9), gradeOf(90), gradeOf(80), gradeOf(79.9)]).toEqual([
      'unknown',
      'excellent',
      'good',
      'good',
      'warning',
      'critical',
    ]);
    expect([typeBadgeTone(95), typeBadgeTone(90), typeBadgeTone(89), typeBadgeTone(null)]).toEqual(['success', 'info', 'warning', 'warning']);
  });
  it('computes the rate over sent and failed, top 5 types and 5 latest failures', () => {
    const logs = [
      ...Array.from({ length: 9 }, (_, i) => ({
        notification_type: `t${i % 6}`,
        delivery_status: 'sent',
        error_message: null,
        created_at: `2026-01-01T00:0${i}:00Z`,
      })),
      { notification_type: 't0', delivery_status: 'failed', error_message: null, created_at: '2026-01-01T01:00:00Z' },
      { notification_type: 't0', delivery_status: 'pending', error_message: null, created_at: '2026-01-01T01:00:00Z' },
    ];
    const h = summariseHealth(logs);
    expect(h).toMatchObject({ total: 11, sent: 9, failed: 1, pending: 1, successRate: 90, grade: 'good' });
    expect(h.topTypes).toHaveLength(5);
    expect(h.topTypes[0]).toMatchObject({ type: 't0', total: 4, successRate: (2 / 3) * 100 });
    expect(h.recentFailures).toEqual([{ type: 't0', error: 'Unknown error', at: '2026-01-01T01:00:00Z' }]);
  });
});

describe('admin users and engagement rules', () => {
  it('checks the add-admin form in the spec order', () => {
    expect(adminFormError('', 'x')).toBe('Please fill in all required fields');
    expect(adminFormError('a@b', 'x')).toBe('Please enter a valid email address');
    expect(adminFormError('a@b.co', 'x')).toBeNull();
    expect(Object.entries(defaultPreferences()).filter(([, on]) => !on)).toEqual([['system_maintenance', false]]);
  });
  it('validates templates and campaigns with the spec messages', () => {
    expect(templateErrors(' ', '')).toEqual(['Template name is required.', 'Subject template is required.']);
    const base = { name: 'n', templateId: 't', recipientType: 'test' as const, testEmail: '', segmentId: '' };
    expect(campaignError({ ...base, name: '' })).toBe('Campaign Name Required');
    expect(campaignError({ ...base, templateId: '' })).toBe('Template Required');
    expect(campaignError(base)).toBe('Test Email Required');
    expect(campaignError({ ...base, testEmail: 'xx:;x@x.x' })).toBe('Please enter a valid email address');
    expect(campaignError({ ...base, testEmail: ' qa@example.com ' })).toBeNull();
    expect(campaignError({ ...base, recipientType: 'segment' })).toBe('Segment Required');
    expect(campaignError({ ...base, recipientType: 'other' as never })).toBe('Invalid campaign configuration');
  });
  it('parses condition parameters, ignoring what is not a JSON object', () => {
    expect(parseConditions('{"streak_days": 7}')).toEqual({ streak_days: 7 });
    expect(parseConditions('{oops')).toBeUndefined();
    expect(parseConditions('[1]')).toBeUndefined();
  });
  it('writes queue times relatively', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const f = () => 'date';
    expect(relativeQueueTime('2026-01-01T12:00:10Z', now, f)).toBe('Just now');
    expect(relativeQueueTime('2026-01-01T11:55:00Z', now, f)).toBe('5 minutes ago');
    expect(relativeQueueTime('2026-01-01T11:59:00Z', now, f)).toBe('1 minute ago');
    expect(relativeQueueTime('2026-01-01T11:01:00Z', now, f)).toBe('59 minutes ago');
    expect(relativeQueueTime('2026-01-01T11:00:00Z', now, f)).toBe('date');
    expect(relativeQueueTime('2026-01-01T12:07:00Z', now, f)).toBe('In 7 minutes');
    expect(relativeQueueTime('2026-01-01T08:00:00Z', now, f)).toBe('date');
    expect(shortId('0123456789abcdef')).toBe('01234567');
  });
});

describe('outbox parsing', () => {
  it('reads a multipart message with quoted-printable and base64 parts', () => {
    const raw = [
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'To: a@example.com',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=C3=A9 soft=',
      'break',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>hé</p>').toString('base64'),
      '--b1--',
    ].join('\r\n');
    expect(parseEml(raw)).toMatchObject({ subject: 'Grüße', to: 'a@example.com', text: 'café softbreak', html: '<p>hé</p>' });
  });
});

describe('e-mail address settings (issue 26 item 8)', () => {
  it('the form finds a blank or malformed From, Reply-To or support address, as main would', () => {
    expect(settingsAddressErrors({ fromName: 'Reflect', fromEmail: 'nope', replyToEmail: ' ' })).toEqual({
      fromEmail: 'Please enter a valid email address',
      replyToEmail: 'Please enter an email address',
    });
    expect(settingsAddressErrors({ companyName: 'x', supportEmail: 'support@reflect.local' })).toEqual({});
    const input = contract.email.saveSettings.input;
    expect(input.safeParse({ fromEmail: 'nope' }).error?.issues.map((i) => i.message)).toEqual(['Please enter a valid email address']);
    expect(input.safeParse({ replyToEmail: '' }).error?.issues.map((i) => i.message)).toEqual(['Please enter an email address']);
    expect(input.parse({ supportEmail: ' help@reflect.local ', companyName: ' ' })).toEqual({ supportEmail: 'help@reflect.local', companyName: ' ' });
    expect(EMAIL_ADDRESS_SETTINGS).toEqual(['supportEmail', 'fromEmail', 'replyToEmail']);
  });

  it('every e-mail address field of the contract uses the one rule', () => {
    const fields: [string, z.ZodType][] = [
      ['auth.signIn email', (contract.auth.signIn.input as z.ZodObject).shape.email as z.ZodType],
      ['auth.signUp email', (contract.auth.signUp.input as z.ZodObject).shape.email as z.ZodType],
      ['email.createAdminUser email', (contract.email.createAdminUser.input as z.ZodObject).shape.email as z.ZodType],
      ['email.sendTest recipientEmail', (contract.email.sendTest.input as z.ZodObject).shape.recipientEmail as z.ZodType],
      ['flags.grant email', (contract.flags.grant.input as z.ZodObject).shape.email as z.ZodType],
      ...EMAIL_ADDRESS_SETTINGS.map(
        (k) => [`email.saveSettings ${k}`, (contract.email.saveSettings.input as z.ZodObject).shape[k] as z.ZodType] as [string, z.ZodType],
      ),
    ];
    for (const [name, schema] of fields) {
      for (const bad of ['not-an-address', 'xx:;x@x.x', 'a@b', 'a b@example.com']) expect(schema.safeParse(bad).success, `${name} ${bad}`).toBe(false);
      expect(schema.safeParse(' ops.lead@reflect.local ').success, name).toBe(true);
    }
    const campaign = { recipientType: 'test', name: 'n', templateId: '00000000-0000-4000-8000-000000000001' };
    expect(contract.email.createCampaign.input.safeParse({ ...campaign, testEmail: 'xx:;x@x.x' }).error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid email address',
    ]);
    expect(contract.email.sendTest.input.parse({ testType: 'basic', recipientEmail: '  ' })).toEqual({ testType: 'basic', recipientEmail: null });
  });
});
