import fs from 'node:fs';
import { writeFileAtomicallySync } from '../files/atomic-file.js';
import { DEFAULT_THEME, isTheme, type Theme } from '../../shared/rules/appearance/theme.js';
import type { EventBus } from './events.js';

/**
 * This computer's display preferences, in `<dataDir>/preferences.json` (written atomically), the same in the desktop
 * app and browser mode, so a choice survives a restart and, in browser mode, a reload. The desktop shell reads the
 * theme before it creates the window (its background and native theme come from it).
 */
export class Preferences {
  constructor(
    private readonly file: string,
    private readonly events: Pick<EventBus, 'emit'>,
  ) {}

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

  setTheme(theme: Theme): Theme {
    writeFileAtomicallySync(this.file, JSON.stringify({ ...this.read(), theme }, null, 2), 0o600);
    this.events.emit({ type: 'theme-changed', theme });
    return theme;
  }
}
