import { describe, expect, it } from 'vitest';
import { APP_COMMANDS, isAppCommand } from '../../shared/app-commands';

describe('app commands', () => {
  it('accepts only the listed commands', () => {
    for (const c of APP_COMMANDS) expect(isAppCommand(c)).toBe(true);
    expect(isAppCommand('reload')).toBe(false);
    expect(isAppCommand(1)).toBe(false);
    expect(isAppCommand(undefined)).toBe(false);
  });
});
