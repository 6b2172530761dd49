import { z } from 'zod';
import { op } from '../define.js';
import { PUBLIC_WRITE, auditNotRecorded } from '../facts.js';
import { SAFETY_MODES, type ProfileSummary, type SecretsPersistence } from '../../rules/profiles/types.js';
import { DEFAULT_PRODUCT_NAME } from '../../rules/profiles/types.js';
import { isAllowedProjectUrl } from '../../rules/profiles/project-url.js';
import { DEFAULT_PUBLIC_HOST, PUBLIC_HOST_MESSAGE, isPublicHost, normalisePublicHost } from '../../rules/profiles/public-host.js';

export interface ProfileList {
  readonly profiles: readonly ProfileSummary[];
  readonly activeId: string;
  readonly secretsPersistence: SecretsPersistence;
}

export interface ConnectionTest {
  readonly reachable: boolean;
  readonly anonKeyAccepted: boolean;
  readonly serviceRoleKeyAccepted: boolean;
  readonly message: string;
}

const profileId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'Unknown profile');
const projectUrl = z
  .string()
  .trim()
  .refine(isAllowedProjectUrl, 'Enter the project URL, e.g. https://abcd.supabase.co (https, or http only for this computer)');
const apiKey = (label: string) => z.string().trim().min(20, `${label} looks too short`).max(4096).regex(/^\S+$/, `${label} must not contain spaces`);

export const profiles = {
  list: op<ProfileList>()({ input: z.strictObject({}), kind: 'read', access: 'public' }),
  save: op<ProfileSummary>()({
    input: z.strictObject({
      id: profileId.optional(),
      name: z.string().trim().min(1, 'Give the connection a name').max(80),
      url: projectUrl,
      anonKey: apiKey('The anon key'),
      /** Required for a new connection; leave out to keep the stored one when editing. */
      serviceRoleKey: apiKey('The service-role key').optional(),
      productName: z.string().trim().min(1).max(40).default(DEFAULT_PRODUCT_NAME),
      /** The {host} of marketing short links; saved as its origin. */
      publicHost: z.string().trim().max(200).refine(isPublicHost, PUBLIC_HOST_MESSAGE).transform(normalisePublicHost).default(DEFAULT_PUBLIC_HOST),
    }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
    invalidates: ['profiles', 'app'],
  }),
  test: op<ConnectionTest>()({
    input: z.union([
      z.strictObject({ id: profileId }),
      z.strictObject({ url: projectUrl, anonKey: apiKey('The anon key'), serviceRoleKey: apiKey('The service-role key') }),
    ]),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
  }),
  activate: op<{ activeId: string }>()({
    input: z.strictObject({ id: profileId }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
    invalidates: ['*'],
  }),
  /** Forgets a connection on this computer: the project is untouched (and the active one cannot be removed). */
  remove: op<{ removed: boolean }>()({
    input: z.strictObject({ id: profileId }),
    kind: 'write',
    destructive: false,
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
    invalidates: ['profiles'],
  }),
  /** The safety mode and production flag of any profile, built-in ones too; of the active one, admin-only while signed in. */
  setSafety: op<ProfileSummary>()({
    input: z.strictObject({ id: profileId, safetyMode: z.enum(SAFETY_MODES as ['normal', 'confirm', 'read-only']), production: z.boolean() }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
    invalidates: ['profiles', 'app'],
  }),
};
