import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { DEMO_PROFILE_ID } from '../../../shared/rules/profiles/types.js';
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from '../../local-backend/seed/index.js';

export function appHandlers(s: AppServices): Handlers['app'] {
  return {
    async info() {
      const id = s.registry.activeId();
      const profile = s.registry.get(id) ?? s.registry.list()[0];
      if (!profile) throw new Error('No connection profile is defined.');
      return {
        mode: s.mode,
        version: s.version,
        profile,
        demo: id === DEMO_PROFILE_ID ? { adminEmail: DEMO_ADMIN_EMAIL, memberEmail: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD } : null,
        secretsPersistence: s.secrets.persistence,
        lastScreen: s.preferences.lastScreen(profile.id),
      };
    },
    async appearance() {
      return { theme: s.preferences.theme() };
    },
    async setTheme({ theme }) {
      return { theme: s.preferences.setTheme(theme) };
    },
    async rememberScreen({ address }) {
      s.preferences.setLastScreen(s.registry.activeId(), address);
      return { address };
    },
    async windowBack() {
      return { warmed: await s.warmIfCold() };
    },
    async takeDeepLink() {
      const route = s.deepLinks.take();
      return route === null ? null : { route };
    },
    async showSavedFile({ token }) {
      s.savedFiles.showInFolder(token);
      return { shown: true as const };
    },
    async openSavedFile({ token }) {
      await s.savedFiles.open(token);
      return { opened: true as const };
    },
  };
}
