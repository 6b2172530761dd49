import { z } from 'zod';
import { op } from '../define.js';
import type { ProfileSummary, SecretsPersistence } from '../../rules/profiles/types.js';

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
}

export const app = {
  info: op<AppInfo>()({ input: z.strictObject({}), kind: 'read', access: 'public' }),
};
