import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { WisdomList, WisdomSource } from '../../shared/rules/wisdom/types.js';

/** The wisdom sources area through main's router against the embedded backend, checked against SQL. */
const backend = sharedBackend();

// A marker in every name this suite creates, so afterAll removes exactly its own rows.
const MARK = 'ZZ-wisdom-it';
const input = (over: Record<string, unknown> = {}) => ({
  name: `  ${MARK} Hypatia  `,
  description: '  Mathematician and teacher of Alexandria.  ',
  category: 'scientist',
  timePeriod: 'classical',
  culturalBackground: '  Greek  ',
  expertiseAreas: ['learning', 'curiosity', 'ethics', 'wisdom', 'courage'],
  isActive: true,
  ...over,
});

interface Row {
  name: string;
  description: string;
  category: string;
  time_period: string | null;
  cultural_background: string | null;
  expertise_areas: string[];
  is_active: boolean;
  updated_at: Date;
}
const rowOf = async (id: string) => (await sql<Row>(backend, 'select * from wisdom_sources where id = $1', [id]))[0];

describe('wisdom sources against the embedded backend', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
  });
  afterAll(async () => {
    await sql(backend, 'delete from wisdom_sources where name like $1', [`${MARK}%`]);
    await app?.close();
  });

  it('creates a source with its text trimmed, and lists it first', async () => {
    const made = await app.data<WisdomSource>('wisdom.create', input());
    expect(made).toMatchObject({
      name: `${MARK} Hypatia`,
      description: 'Mathematician and teacher of Alexandria.',
      culturalBackground: 'Greek',
      timePeriod: 'classical',
    });
    expect(await rowOf(made.id)).toMatchObject({
      name: `${MARK} Hypatia`,
      description: 'Mathematician and teacher of Alexandria.',
      category: 'scientist',
      time_period: 'classical',
      cultural_background: 'Greek',
      expertise_areas: ['learning', 'curiosity', 'ethics', 'wisdom', 'courage'],
      is_active: true,
    });
    const list = await app.data<WisdomList>('wisdom.list');
    expect(list.sources[0]?.id).toBe(made.id);
  });

  it("updates in place, 'none' clearing the time period and a blank background stored as null", async () => {
    const made = await app.data<WisdomSource>('wisdom.create', input({ name: `${MARK} Update` }));
    const updated = await app.data<WisdomSource>('wisdom.update', {
      ...input({
        name: ` ${MARK} Updated `,
        description: ' New text ',
        category: 'philosopher',
        timePeriod: 'none',
        culturalBackground: ' ',
        expertiseAreas: [],
      }),
      id: made.id,
    });
    expect(updated).toMatchObject({
      id: made.id,
      name: `${MARK} Updated`,
      description: 'New text',
      timePeriod: null,
      culturalBackground: null,
      expertiseAreas: [],
    });
    expect(await rowOf(made.id)).toMatchObject({
      name: `${MARK} Updated`,
      description: 'New text',
      category: 'philosopher',
      time_period: null,
      cultural_background: null,
      expertise_areas: [],
    });
  });

  it('toggles active, stamping updated_at', async () => {
    const made = await app.data<WisdomSource>('wisdom.create', input({ name: `${MARK} Toggle` }));
    const before = (await rowOf(made.id))!.updated_at;
    await new Promise((r) => setTimeout(r, 20));
    const off = await app.data<WisdomSource>('wisdom.setActive', { id: made.id, isActive: false });
    expect(off.isActive).toBe(false);
    const row = await rowOf(made.id);
    expect(row?.is_active).toBe(false);
    expect(row!.updated_at.getTime()).toBeGreaterThan(before.getTime());
    expect((await app.data<WisdomSource>('wisdom.setActive', { id: made.id, isActive: true })).isActive).toBe(true);
  });

  it('deletes, and a second delete of the same id fails with the spec message', async () => {
    const made = await app.data<WisdomSource>('wisdom.create', input({ name: `${MARK} Delete` }));
    expect(await app.data('wisdom.delete', { id: made.id })).toEqual({ id: made.id });
    expect(await rowOf(made.id)).toBeUndefined();
    expect(await app.call('wisdom.delete', { id: made.id })).toMatchObject({ ok: false, message: 'Failed to delete wisdom source' });
    expect(await app.call('wisdom.setActive', { id: made.id, isActive: false })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('refuses bad input in main and writes nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>(backend, 'select count(*) n from wisdom_sources'))[0]!.n);
    const before = await count();
    const refused = [
      input({ name: '   ' }),
      input({ description: '' }),
      input({ category: '' }),
      input({ category: 'wizard' }),
      input({ timePeriod: 'future' }),
      input({ expertiseAreas: ['napping'] }),
      input({ name: 'x'.repeat(201) }),
      { ...input(), createdAt: '2020-01-01' },
    ];
    for (const bad of refused) expect(await app.call('wisdom.create', bad)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.call('wisdom.create', input({ name: ' ' }))).toMatchObject({ message: 'Please fill in all required fields' });
    expect(await app.call('wisdom.update', { ...input({ description: ' ' }), id: '00000000-0000-4000-8000-000000000001' })).toMatchObject({
      ok: false,
      message: 'Please fill in all required fields',
    });
    expect(await app.call('wisdom.setActive', { id: 'not-an-id', isActive: true })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await count()).toBe(before);
  });

  it('refuses a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      expect(await member.call('wisdom.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('wisdom.create', input())).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    } finally {
      await member.close();
    }
  });

  it('lists every source and exact stats past the 1,000-row cap', async () => {
    await sql(
      backend,
      `insert into wisdom_sources (name, description, category, is_active)
       select $1 || ' bulk ' || g, 'bulk', 'researcher', g % 3 = 0 from generate_series(1, 1100) g`,
      [MARK],
    );
    const truth = (
      await sql<{ total: number; active: number; categories: number }>(
        backend,
        'select count(*)::int total, count(*) filter (where is_active)::int active, count(distinct category)::int categories from wisdom_sources',
      )
    )[0]!;
    const list = await app.data<WisdomList>('wisdom.list');
    expect(truth.total).toBeGreaterThan(1100);
    expect(list.sources).toHaveLength(truth.total);
    expect(new Set(list.sources.map((s) => s.id)).size).toBe(truth.total);
    expect(list.stats).toEqual({ total: truth.total, active: truth.active, inactive: truth.total - truth.active, categories: truth.categories });
  });
});
