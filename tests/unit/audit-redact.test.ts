// The audit log never holds a secret or a blob: redaction of inputs and rows, and the record builder.
import { describe, expect, it } from 'vitest';
import { REDACTED, TEXT_LIMIT, isSecretKey, redact } from '../../shared/rules/audit/redact.js';
import { buildAuditRecord } from '../../main/audit/record.js';
import { diffValues } from '../../shared/rules/audit/diff.js';

describe('audit redaction', () => {
  it('replaces secrets under any spelling of their key, at any depth', () => {
    const out = redact({
      password: 'hunter2',
      newPassword: 'x',
      serviceRoleKey: 'srk',
      service_role: 'srk',
      anonKey: 'anon',
      api_key: 'k',
      key: 'k',
      accessToken: 't',
      refresh_token: 't',
      clientSecret: 's',
      Authorization: 'Bearer x',
      nested: { deeper: [{ password: 'p', title: 'ok' }] },
    }) as Record<string, unknown>;
    for (const k of [
      'password',
      'newPassword',
      'serviceRoleKey',
      'service_role',
      'anonKey',
      'api_key',
      'key',
      'accessToken',
      'refresh_token',
      'clientSecret',
      'Authorization',
    ]) {
      expect(out[k], k).toBe(REDACTED);
    }
    expect(out.nested).toEqual({ deeper: [{ password: REDACTED, title: 'ok' }] });
    expect(JSON.stringify(out)).not.toMatch(/hunter2|srk|Bearer/);
  });

  it('keeps fields that are not secrets, including a feature flag key, and empty secrets as they are', () => {
    expect(isSecretKey('featureKey')).toBe(false);
    expect(isSecretKey('feature_key')).toBe(false);
    expect(isSecretKey('title')).toBe(false);
    expect(redact({ featureKey: 'email_engagement', password: null, email: 'a@b.c' })).toEqual({
      featureKey: 'email_engagement',
      password: null,
      email: 'a@b.c',
    });
  });

  it('redacts a JSON Web Token under any key', () => {
    expect(redact({ note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-def_ghi' })).toEqual({ note: REDACTED });
  });

  it('summarises base64 blobs by size and cuts very long text', () => {
    const bytes = Buffer.alloc(30_000, 7);
    const b64 = bytes.toString('base64');
    expect(redact({ jpegBase64: b64 })).toEqual({ jpegBase64: '[base64, 30000 bytes]' });
    expect(redact({ audio: `data:audio/mpeg;base64,${b64}` })).toEqual({ audio: '[base64, 30000 bytes]' });
    const long = 'word '.repeat(1000);
    const cut = (redact({ htmlTemplate: long }) as { htmlTemplate: string }).htmlTemplate;
    expect(cut.startsWith(long.slice(0, TEXT_LIMIT))).toBe(true);
    expect(cut).toContain(`[${long.length - TEXT_LIMIT} more characters]`);
    // Short base64-looking words are ordinary text.
    expect(redact({ title: 'SGVsbG8=' })).toEqual({ title: 'SGVsbG8=' });
  });
});

describe('audit record builder', () => {
  const at = new Date('2026-11-24T08:00:00.000Z');
  const admin = { id: 'a1', email: 'admin@example.com' };

  it('builds an ok entry with target and redacted before/after as JSON text', () => {
    const r = buildAuditRecord({
      at,
      admin,
      operation: 'banners.update',
      area: 'banners',
      input: { id: 'b1', title: 'New', token: 'x' },
      target: { table: 'system_banners', id: 'b1' },
      before: { id: 'b1', title: 'Old' },
      after: { id: 'b1', title: 'New' },
    });
    expect(r).toEqual({
      at: '2026-11-24T08:00:00.000Z',
      adminId: 'a1',
      adminEmail: 'admin@example.com',
      operation: 'banners.update',
      area: 'banners',
      targetTable: 'system_banners',
      targetId: 'b1',
      input: JSON.stringify({ id: 'b1', title: 'New', token: REDACTED }),
      before: JSON.stringify({ id: 'b1', title: 'Old' }),
      after: JSON.stringify({ id: 'b1', title: 'New' }),
      outcome: 'ok',
      errorCode: null,
      errorMessage: null,
    });
  });

  it('builds a failed entry with the code and message; unread rows stay null, a missing row is "null"', () => {
    const r = buildAuditRecord({
      at,
      admin,
      operation: 'banners.delete',
      area: 'banners',
      input: { id: 'b2' },
      before: null,
      error: { code: 'NOT_FOUND', message: 'Banner not found' },
    });
    expect(r.outcome).toBe('failed');
    expect(r.errorCode).toBe('NOT_FOUND');
    expect(r.errorMessage).toBe('Banner not found');
    expect(r.before).toBe('null');
    expect(r.after).toBeNull();
    expect(r.targetTable).toBeNull();
  });
});

describe('audit diff', () => {
  it('lists the changed fields of two rows as JSON text', () => {
    expect(diffValues({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', d: true })).toEqual([
      { field: 'b', before: '"x"', after: '"y"' },
      { field: 'c', before: '[1]', after: '—' },
      { field: 'd', before: '—', after: 'true' },
    ]);
    expect(diffValues(null, { a: 1 })).toEqual([{ field: '(value)', before: '—', after: '{"a":1}' }]);
  });
});
