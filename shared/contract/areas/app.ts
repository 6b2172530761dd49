import { z } from 'zod';
import { op } from '../define.js';
import { auditNotRecorded } from '../facts.js';
import type { ProfileSummary, SecretsPersistence } from '../../rules/profiles/types.js';
import { THEMES, type Theme } from '../../rules/appearance/theme.js';
import { isScreenAddressShape, SCREEN_ADDRESS_MAX } from '../../rules/common/screen-address.js';

export interface DemoCredentials {
  readonly adminEmail: string;
  readonly memberEmail: string;
  readonly password: string;
}

export interface AppInfo {
  readonly mode: 'desktop' | 'browser';
  readonly version: string;
  readonly profile: ProfileSummary;
  /** Only for the embedded demo profile: the seeded accounts, shown on the sign-in screen. */
  readonly demo: DemoCredentials | null;
  readonly secretsPersistence: SecretsPersistence;
  /** The active connection's last admin screen (address and query), kept by main; null when none is. */
  readonly lastScreen: string | null;
}

/** A reflect-admin:// link main accepted: the route it opens, built by main. */
export interface DeepLinkRoute {
  readonly route: string;
}

export interface Appearance {
  readonly theme: Theme;
}

/**
 * A saved file's token (SavedFile.token): 16 random bytes main made, base64url. The window sends it back, never a
 * path (F1); main looks it up among the files it saved this session.
 */
const savedFileInput = z.strictObject({
  token: z.string('The saved file is named by its token.').regex(/^[A-Za-z0-9_-]{22}$/, 'That is not a saved file token.'),
});

export const app = {
  info: op<AppInfo>()({ input: z.strictObject({}), kind: 'read', access: 'public' }),
  /**
   * Takes the route of the reflect-admin:// link main accepted last, if one waits (null otherwise); the window
   * calls it once signed in and on each 'deep-link' event. Main parsed the link; the window sends nothing.
   */
  /** The theme remembered on this computer (both modes; System until one is chosen). */
  appearance: op<Appearance>()({ input: z.strictObject({}), kind: 'read', access: 'public' }),
  /** Remembers the theme chosen in Settings; usable before sign-in, as Settings is. */
  setTheme: op<Appearance>()({
    input: z.strictObject({ theme: z.enum(THEMES, 'The theme is System, Light or Dark.') }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('A display preference of this computer; recording it would bury the changes the log is for.'),
    access: 'public',
    invalidates: ['app.appearance'],
  }),
  /** Remembers the admin screen on display as the active connection's last one (issue 28 §2); before sign-in too. */
  rememberScreen: op<{ readonly address: string }>()({
    input: z.strictObject({
      address: z
        .string('The screen is named by its address.')
        .max(SCREEN_ADDRESS_MAX, `A screen address has at most ${SCREEN_ADDRESS_MAX} characters.`)
        .refine(isScreenAddressShape, 'That is not an admin screen address.'),
    }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('Where the window was, kept for the next sign-in; recording it would bury the changes the log is for.'),
    access: 'public',
  }),
  /**
   * The window is back after a pause (focused, or shown again): main opens the project's connections again if they
   * may have gone cold, so the next screen pays no handshakes (issue 30). Nothing is read or sent to the renderer.
   */
  windowBack: op<{ readonly warmed: boolean }>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('Connections opened ahead of the next screen; nothing changes anywhere.'),
    access: 'public',
  }),
  takeDeepLink: op<DeepLinkRoute | null>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('Hands the window the screen a link asked for; nothing changes but what the window shows.'),
    access: 'public',
  }),
  /** Show in Folder on a saved file's toast (desktop app): the file manager opens with the file selected. */
  showSavedFile: op<{ shown: true }>()({
    input: savedFileInput,
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('Opens the file manager on a file this computer saved; nothing is changed.'),
    access: 'public',
  }),
  /** Open on a saved file's toast (desktop app): the file opens in the application the system gives its type. */
  openSavedFile: op<{ opened: true }>()({
    input: savedFileInput,
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded('Opens a file this computer saved in its own application; nothing is changed.'),
    access: 'public',
  }),
};
