// readCounted: the count decides which pages are read (every row once, past the 1,000-row cap), and a failed
// count or page names what failed with the caller's words.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, readCounted } from '../../main/services/support/query.js';

const TOTAL = 2 * PAGE_SIZE + 7;
const all = Array.from({ length: TOTAL }, (_, i) => i);

function pages() {
  const asked: [number, number][] = [];
  const page = async (from: number, to: number) => {
    asked.push([from, to]);
    return { data: all.slice(from, to + 1), error: null };
  };
  return { asked, page };
}

describe('readCounted', () => {
  it('reads every counted row once, in order, a page of PAGE_SIZE at a time', async () => {
    const { asked, page } = pages();
    const rows = await readCounted('Reading numbers', Promise.resolve({ data: null, error: null, count: TOTAL }), page);
    expect(rows).toEqual(all);
    expect(asked.sort((a, b) => a[0] - b[0])).toEqual([
      [0, PAGE_SIZE - 1],
      [PAGE_SIZE, 2 * PAGE_SIZE - 1],
      [2 * PAGE_SIZE, 3 * PAGE_SIZE - 1],
    ]);
  });

  it('asks for the first page beside the count, not after it, and for no other when the count is one page or less', async () => {
    const { asked, page } = pages();
    let answerCount: (v: { data: null; error: null; count: number }) => void = () => undefined;
    const head = new Promise<{ data: null; error: null; count: number }>((r) => (answerCount = r));
    const reading = readCounted('Reading numbers', head, page);
    await new Promise((r) => setTimeout(r, 5));
    expect(asked).toEqual([[0, PAGE_SIZE - 1]]);
    answerCount({ data: null, error: null, count: 0 });
    // Issue 30: the first page is asked for with the count (one round trip); a zero count reads what it answered.
    expect(await reading).toEqual(all.slice(0, PAGE_SIZE));
    expect(asked).toEqual([[0, PAGE_SIZE - 1]]);
  });

  it('names a failed count and a failed page separately', async () => {
    const what = { count: 'Counting numbers', read: 'Reading numbers' };
    const failedHead = Promise.resolve({ data: null, error: { message: 'boom' } });
    await expect(readCounted(what, failedHead, pages().page)).rejects.toThrow('Counting numbers: boom');
    const failedPage = async () => ({ data: null, error: { message: 'gone' } });
    await expect(readCounted(what, Promise.resolve({ data: null, error: null, count: 3 }), failedPage)).rejects.toThrow('Reading numbers: gone');
  });
});
