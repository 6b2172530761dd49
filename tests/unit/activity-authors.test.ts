// Activity rows are read with their authors embedded (migration 0090), in one request; a project without the
// relationship answers PGRST200 and the rows are read again without it, the caller then looking their people up.
import { describe, expect, it } from 'vitest';
import { withAuthors } from '../../main/services/support/authors.js';

describe('withAuthors', () => {
  it('asks once with the embed where the project has it', async () => {
    const asked: boolean[] = [];
    const got = await withAuthors((embed) => {
      asked.push(embed);
      return Promise.resolve({ data: [{ id: 'a', activity_author: { id: 'u', email: null, username: 'ana' } }], error: null });
    }, 'Reading x');
    expect(asked).toEqual([true]);
    expect(got.embedded).toBe(true);
  });

  it('reads again without it on PGRST200, and reports any other error as a message naming what failed', async () => {
    const asked: boolean[] = [];
    const got = await withAuthors((embed) => {
      asked.push(embed);
      return Promise.resolve(
        embed ? { data: null, error: { code: 'PGRST200', message: 'Could not find a relationship' } } : { data: [{ id: 'a' }], error: null },
      );
    }, 'Reading x');
    expect(asked).toEqual([true, false]);
    expect(got).toEqual({ rows: [{ id: 'a' }], embedded: false });
    await expect(withAuthors(() => Promise.resolve({ data: null, error: { code: '42501', message: 'denied' } }), 'Reading x')).rejects.toThrow(
      'Reading x: denied',
    );
  });
});
