import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/contract/index.js';
import { DESTRUCTIVE_NAME } from '../../shared/rules/profiles/safety.js';

describe('destructive operations in the contract', () => {
  it('marks every write named like delete/remove/purge/clean/clear destructive, or states destructive: false on its entry', () => {
    const unmarked = OPERATIONS.filter((o) => DESTRUCTIVE_NAME.test(o.method) && o.spec.destructive === undefined).map((o) => o.name);
    expect(unmarked).toEqual([]);
    // Decided on the entry: forgetting a connection on this computer, and Undo of a soft delete, remove nothing.
    expect(
      OPERATIONS.filter((o) => o.spec.destructive === false)
        .map((o) => o.name)
        .sort(),
    ).toEqual(['feedback.undoDelete', 'profiles.remove']);
  });

  it('marks only writes destructive', () => {
    expect(OPERATIONS.filter((o) => o.spec.destructive !== undefined && o.spec.kind !== 'write').map((o) => o.name)).toEqual([]);
    expect(OPERATIONS.filter((o) => o.spec.destructive).map((o) => o.name)).toEqual(
      expect.arrayContaining(['users.deleteUser', 'feedback.deleteForever', 'ttsLibrary.cleanUpFailed', 'prompts.deleteConversation']),
    );
  });
});
