import fs from 'node:fs';
import { writeFileAtomicallySync } from '../files/atomic-file.js';
import { DEFAULT_THEME, isTheme, type Theme } from '../../shared/rules/appearance/theme.js';
import type { EventBus } from './events.js';
import { isScreenAddressShape } from '../../shared/rules/common/screen-address.js';

/**
 * This computer's display preferences and each connection's last screen, in `<dataDir>/preferences.json` (written
 * atomically), the same in the desktop app and browser mode, so a choice survives a restart and, in browser mode, a reload. The desktop shell reads the
 * theme before it creates the window (its background and native theme come from it).
 */
export class Preferences {
  /**
   * The last screens as this launch found them. A sign-in opens the previous launch's screen, never one a window of
   * this launch reported a minute ago: within a launch the window's own storage keeps its latest, and a second window
   * (another browser tab, another test) starts at the dashboard as it did before.
   */
  private readonly launchScreens: Record<string, unknown>;

  constructor(
    private readonly file: string,
    private readonly events: Pick<EventBus, 'emit'>,
  ) {
    const kept = this.read().lastScreens;
    this.launchScreens = kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Record<string, unknown>) : {};
  }

  private read(): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  theme(): Theme {
    const theme = this.read().theme;
    return isTheme(theme) ? theme : DEFAULT_THEME;
  }

  /** A connection's last admin screen when this launch began (shape checked again on the way out). */
  lastScreen(profileId: string): string | null {
    const value = Object.hasOwn(this.launchScreens, profileId) ? this.launchScreens[profileId] : undefined;
    return typeof value === 'string' && isScreenAddressShape(value) ? value : null;
  }

  setLastScreen(profileId: string, address: string): void {
    const all = this.read();
    const kept = all.lastScreens && typeof all.lastScreens === 'object' ? (all.lastScreens as Record<string, unknown>) : {};
    // Every screen change reports here: the file is written only when the address is new.
    if (kept[profileId] === address) return;
    writeFileAtomicallySync(this.file, JSON.stringify({ ...all, lastScreens: { ...kept, [profileId]: address } }, null, 2), 0o600);
  }

  setTheme(theme: Theme): Theme {
    writeFileAtomicallySync(this.file, JSON.stringify({ ...this.read(), theme }, null, 2), 0o600);
    this.events.emit({ type: 'theme-changed', theme });
    return theme;
  }
}
