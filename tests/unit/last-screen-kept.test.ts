// Each connection's last screen, kept by main (issue 28 §2) so a relaunch opens it in both modes: browser mode's
// address changes with its port, and the window's storage with it. The address is checked in main's schema and
// again when read back; a write happens only for a new address.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Preferences } from '../../main/core/preferences.js';
import { contract } from '../../shared/contract/index.js';
import { isScreenAddressShape } from '../../shared/rules/common/screen-address.js';

const input = contract.app.rememberScreen.input;

describe("a connection's last screen", () => {
  it('is kept per connection beside the theme, answered from the next launch on (a new Preferences), and written only when new', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-last-screen-'));
    const file = path.join(dir, 'preferences.json');
    try {
      const prefs = new Preferences(file, { emit: vi.fn() });
      prefs.setTheme('dark');
      expect(prefs.lastScreen('demo')).toBeNull();
      prefs.setLastScreen('demo', '/admin/feedback?type=bug');
      prefs.setLastScreen('hosted-1', '/admin/users');
      // This launch answers what it found at its start: a screen reported now is for the next launch.
      expect(prefs.lastScreen('demo')).toBeNull();
      const written = fs.statSync(file).mtimeMs;
      prefs.setLastScreen('demo', '/admin/feedback?type=bug');
      expect(fs.statSync(file).mtimeMs).toBe(written);
      const again = new Preferences(file, { emit: vi.fn() });
      expect(again.lastScreen('demo')).toBe('/admin/feedback?type=bug');
      expect(again.lastScreen('hosted-1')).toBe('/admin/users');
      expect(again.theme()).toBe('dark');
      // A hand-edited file naming something else is as good as nothing.
      fs.writeFileSync(file, JSON.stringify({ lastScreens: { demo: 'https://evil.example/admin/x', other: 42, constructor: '/admin/users' } }));
      const edited = new Preferences(file, { emit: vi.fn() });
      expect(edited.lastScreen('demo')).toBeNull();
      expect(edited.lastScreen('other')).toBeNull();
      expect(edited.lastScreen('toString')).toBeNull();
      fs.writeFileSync(file, '{"lastScreens": ["/admin/users"]}');
      expect(new Preferences(file, { emit: vi.fn() }).lastScreen('0')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes an admin screen's address only", () => {
    for (const ok of ['/admin/dashboard', '/admin/feedback?type=bug', '/admin/users?q=ana%40example.com']) {
      expect(input.safeParse({ address: ok }).success).toBe(true);
    }
    for (const bad of ['/auth', 'https://evil.example/admin/x', '//evil.example/admin', '/admin/../settings', '/admin/x#y', '/admin/' + 'a'.repeat(2000), 42]) {
      const r = input.safeParse({ address: bad });
      expect(r.success).toBe(false);
    }
    expect(input.safeParse({ address: '/admin/dashboard', path: '/etc' }).success).toBe(false);
    expect(isScreenAddressShape('/admin/dashboard')).toBe(true);
  });
});
