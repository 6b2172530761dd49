import { describe, expect, it } from 'vitest';
import { param, QUERY_TEXT_MAX, readQuery, writeQuery } from '../../renderer/lib/query-state';

const SPEC = {
  q: param.text(),
  status: param.oneOf(['all', 'open', 'closed'], 'all'),
  days: param.oneOfNumbers([7, 30, 90, 0], 30),
  page: param.int(1, { min: 1, max: 500 }),
  admin: param.flag(false),
};

const read = (query: string) => readQuery(SPEC, new URLSearchParams(query));

describe('query state: strict parsing with a fallback to the default', () => {
  it('reads valid values and falls back for every absent one', () => {
    expect(read('')).toEqual({ q: '', status: 'all', days: 30, page: 1, admin: false });
    expect(read('q=ann%40x.io&status=open&days=0&page=3&admin=1')).toEqual({ q: 'ann@x.io', status: 'open', days: 0, page: 3, admin: true });
  });

  it('never breaks on a bad query: each bad value falls back alone', () => {
    expect(read('status=OPEN&days=31&page=0&admin=yes')).toEqual({ q: '', status: 'all', days: 30, page: 1, admin: false });
    expect(read('page=1e3')).toMatchObject({ page: 1 });
    expect(read('page=501')).toMatchObject({ page: 1 });
    expect(read('page=-2')).toMatchObject({ page: 1 });
    expect(read('days=7.0')).toMatchObject({ days: 30 });
    expect(read(`q=${'x'.repeat(QUERY_TEXT_MAX + 1)}&status=closed`)).toMatchObject({ q: '', status: 'closed' });
    expect(read('status=__proto__&status=open')).toMatchObject({ status: 'all' });
    expect(read('%E0%A4%A=1&q=%zz')).toMatchObject({ q: '%zz' });
  });

  it('a text parameter takes the limit of its field', () => {
    const spec = { q: param.text('', 320) };
    expect(readQuery(spec, new URLSearchParams(`q=${'a'.repeat(320)}`)).q).toHaveLength(320);
    expect(readQuery(spec, new URLSearchParams(`q=${'a'.repeat(321)}`)).q).toBe('');
  });
});

describe('query state: writing a change', () => {
  it('leaves a default out of the address and keeps parameters it does not own', () => {
    const start = new URLSearchParams('status=open&other=kept');
    const back = writeQuery(SPEC, start, { status: 'all', days: 90 });
    expect(back.params.toString()).toBe('other=kept&days=90');
    expect(writeQuery(SPEC, new URLSearchParams(), { admin: true, q: 'x' }).params.toString()).toBe('admin=1&q=x');
  });

  it('a filter is a step of history, a search typed is not', () => {
    expect(writeQuery(SPEC, new URLSearchParams(), { status: 'closed' }).push).toBe(true);
    expect(writeQuery(SPEC, new URLSearchParams(), { q: 'a' }).push).toBe(false);
    // Setting what is already shown changes nothing.
    expect(writeQuery(SPEC, new URLSearchParams('status=closed'), { status: 'closed' })).toMatchObject({ push: false });
  });

  it('round-trips every value it writes', () => {
    const values = { q: 'a b&c=d', status: 'closed', days: 0, page: 42, admin: true } as const;
    expect(read(writeQuery(SPEC, new URLSearchParams(), values).params.toString())).toEqual(values);
  });
});
