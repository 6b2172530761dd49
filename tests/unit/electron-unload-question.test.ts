// Closing the desktop window with unsaved changes asks (Electron shows nothing for a page's beforeunload).
import { describe, expect, it } from 'vitest';
import { UNLOAD_QUESTION, askBeforeUnload, type UnloadContents } from '../../main/app/unload-question.js';
import { LEAVE_QUESTION } from '../../renderer/lib/leave-guard.js';

function fakeContents() {
  let listener: ((e: { preventDefault(): void }) => void) | undefined;
  const contents: UnloadContents = {
    on: (_event, l) => {
      listener = l;
    },
  };
  const unload = () => {
    let closes = false;
    listener?.({ preventDefault: () => (closes = true) });
    return closes;
  };
  return { contents, unload };
}

describe('the unload question', () => {
  it('asks with the same question as a route change', () => {
    expect(UNLOAD_QUESTION.message).toBe(LEAVE_QUESTION);
    expect(UNLOAD_QUESTION.buttons[UNLOAD_QUESTION.cancelId]).toBe('Stay');
  });

  it('closes on Leave and keeps the window on Stay', () => {
    const answers = [true, false];
    const { contents, unload } = fakeContents();
    askBeforeUnload(contents, () => answers.shift()!);
    expect(unload()).toBe(true);
    expect(unload()).toBe(false);
  });
});
