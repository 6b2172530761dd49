import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmed, OpError } from '../../renderer/api/hooks.js';
import { setNameAsker } from '../../renderer/api/confirmer.js';
import type { CallOptions } from '../../shared/contract/index.js';
import { CONFIRMATION_REQUIRED_MESSAGE, WRONG_NAME_MESSAGE } from '../../shared/rules/profiles/safety.js';

/** The window's half of confirm mode: main says which name it wants, the window asks once and calls again with it. */

const NAME = 'Prod Zürich';
const asking = () => new OpError('CONFIRMATION_REQUIRED', CONFIRMATION_REQUIRED_MESSAGE, NAME);

/** A call that main refuses without the name and answers `reply` with it. */
function destructiveCall(reply: (options: CallOptions) => Promise<string>) {
  return vi.fn(async (options?: CallOptions) => (options ? reply(options) : Promise.reject(asking())));
}

let undo: (() => void) | undefined;
afterEach(() => undo?.());

describe('confirmed (useWriteOp for a destructive write)', () => {
  it('asks for the name main gave and retries once carrying what was typed', async () => {
    const ask = vi.fn(async () => NAME);
    undo = setNameAsker(ask);
    const call = destructiveCall(async () => 'deleted');
    await expect(confirmed(call)).resolves.toBe('deleted');
    expect(ask).toHaveBeenCalledExactlyOnceWith(NAME);
    expect(call.mock.calls).toEqual([[], [{ confirmName: NAME }]]);
  });

  it('does not ask when main does not (normal mode)', async () => {
    const ask = vi.fn(async () => NAME);
    undo = setNameAsker(ask);
    const call = vi.fn(async () => 'deleted');
    await expect(confirmed(call)).resolves.toBe('deleted');
    expect(ask).not.toHaveBeenCalled();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('sends nothing more when the question is cancelled', async () => {
    undo = setNameAsker(async () => null);
    const call = destructiveCall(async () => 'deleted');
    await expect(confirmed(call)).rejects.toMatchObject({ code: 'CONFIRMATION_REQUIRED', message: 'Cancelled: nothing was deleted.' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("retries only once: main's wrong-name answer is the error shown", async () => {
    const ask = vi.fn(async () => 'typo');
    undo = setNameAsker(ask);
    const call = destructiveCall(async () => Promise.reject(new OpError('CONFIRMATION_REQUIRED', WRONG_NAME_MESSAGE)));
    await expect(confirmed(call)).rejects.toMatchObject({ code: 'CONFIRMATION_REQUIRED', message: WRONG_NAME_MESSAGE });
    expect(call).toHaveBeenCalledTimes(2);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("keeps main's answer when no dialog can ask, and passes other errors through untouched", async () => {
    await expect(confirmed(destructiveCall(async () => 'deleted'))).rejects.toMatchObject({ message: CONFIRMATION_REQUIRED_MESSAGE });
    undo = setNameAsker(async () => NAME);
    const offline = new OpError('OFFLINE', 'offline');
    await expect(confirmed(async () => Promise.reject(offline))).rejects.toBe(offline);
    // A refusal that names no profile is not a question to ask.
    const bare = new OpError('CONFIRMATION_REQUIRED', CONFIRMATION_REQUIRED_MESSAGE);
    await expect(confirmed(async () => Promise.reject(bare))).rejects.toBe(bare);
  });

  it('an earlier undo does not remove a later asker', async () => {
    const first = setNameAsker(async () => 'first');
    undo = setNameAsker(async () => NAME);
    first();
    const call = destructiveCall(async (o) => o.confirmName ?? '');
    await expect(confirmed(call)).resolves.toBe(NAME);
  });
});

describe('the data layer', () => {
  it('imports no component: the shell sets who asks', async () => {
    const fs = await import('node:fs');
    for (const file of fs.readdirSync('renderer/api')) {
      const text = fs.readFileSync(`renderer/api/${file}`, 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/(components|app)\//);
    }
  });
});
