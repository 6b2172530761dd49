import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/contract/index.js';
import { DESTRUCTIVE_NAME, NOT_DESTRUCTIVE_BY_DECISION } from '../../shared/rules/profiles/safety.js';

describe('destructive operations in the contract', () => {
  it('marks every write named like delete/remove/purge/clean/clear destructive, unless decided otherwise', () => {
    const unmarked = OPERATIONS.filter((o) => DESTRUCTIVE_NAME.test(o.method) && !o.spec.destructive && !NOT_DESTRUCTIVE_BY_DECISION.has(o.name)).map((o) => o.name);
    expect(unmarked).toEqual([]);
  });

  it('marks only writes destructive, and names only real operations as exceptions', () => {
    expect(OPERATIONS.filter((o) => o.spec.destructive && o.spec.kind !== 'write').map((o) => o.name)).toEqual([]);
    for (const name of NOT_DESTRUCTIVE_BY_DECISION) expect(OPERATIONS.map((o) => o.name)).toContain(name);
    expect(OPERATIONS.filter((o) => o.spec.destructive).map((o) => o.name)).toEqual(
      expect.arrayContaining(['users.deleteUser', 'feedback.deleteForever', 'ttsLibrary.cleanUpFailed', 'prompts.deleteConversation']),
    );
  });
});
