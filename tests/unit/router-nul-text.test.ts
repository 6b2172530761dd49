import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import { fakeHandlers } from '../support/fake-handlers.js';
import { firstNulPath, nulMessage } from '../../shared/rules/common/nul-text.js';
import { PALETTE_QUERY_NUL } from '../../shared/rules/palette/kinds.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };
const gate = (): AccessGate => ({ requireAdmin: vi.fn(async () => ADMIN), requireSession: async () => ADMIN, offlineAdminId: async () => ADMIN.id }) as never;
const banner = {
  category: 'info',
  title: 'Maintenance',
  message: 'Tonight',
  actionText: null,
  actionUrl: null,
  active: true,
  startDate: null,
  endDate: null,
  targetAudience: 'all',
};

describe('a NUL character in an input (PostgreSQL text cannot hold one)', () => {
  it('finds the first string or key holding one, by its dotted path', () => {
    expect(firstNulPath({ a: 'x', b: ['y', 'z\u0000'] })).toBe('b.1');
    expect(firstNulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(firstNulPath('\u0000')).toBe('');
    expect(firstNulPath({ a: 'x', b: [1, null, true, { c: 'd' }] })).toBeNull();
    // Whatever the shape around it, a NUL put into any string is found at its path.
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' }), { minLength: 1, maxLength: 6 }), fc.nat(), (words, at) => {
        const i = at % words.length;
        const value = { list: words.map((w, j) => (j === i ? `${w}\u0000` : w.replaceAll('\u0000', ''))) };
        return firstNulPath(value) === `list.${i}`;
      }),
    );
  });

  it('is refused by the router as invalid input naming the field, and the handler never runs', async () => {
    const { handlers, calls } = fakeHandlers();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => undefined });
    expect(await router.call('banners.create', { ...banner, message: 'Tonight\u0000at 10' })).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      message: nulMessage('message'),
      issues: [{ path: 'message', message: 'The field message cannot contain a NUL character.' }],
    });
    expect(calls).toEqual([]);
  });

  it("leaves a field's own wording first (the palette's search)", async () => {
    const { handlers } = fakeHandlers();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => undefined });
    expect(await router.call('palette.search', { query: 'a\u0000b' })).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: PALETTE_QUERY_NUL });
  });
});
