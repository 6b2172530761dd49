export type ProfileKind = 'embedded' | 'remote';
export type ProfileSource = 'builtin' | 'saved' | 'environment';
/** encrypted: keys kept with the OS keyring (safeStorage); session: kept in memory until the app quits. */
export type SecretsPersistence = 'encrypted' | 'session';

/** normal: as ever; confirm: destructive operations ask for the profile's name; read-only: main refuses writes. */
export type SafetyMode = 'normal' | 'confirm' | 'read-only';
export const SAFETY_MODES: readonly SafetyMode[] = ['normal', 'confirm', 'read-only'];

export interface ProfileSafety {
  readonly safetyMode: SafetyMode;
  /** Production projects show a coloured band with the profile's name on every screen. */
  readonly production: boolean;
}

/** Profiles saved before safety modes existed read as this. */
export const DEFAULT_SAFETY: ProfileSafety = { safetyMode: 'normal', production: false };

export interface ProfileSummary extends ProfileSafety {
  readonly id: string;
  readonly name: string;
  readonly kind: ProfileKind;
  readonly source: ProfileSource;
  /** The Supabase project URL; null for the embedded demo, whose address changes at every start. */
  readonly url: string | null;
  readonly productName: string;
  /** The public site address: {host} of marketing short links ({host}/r/{slug}). */
  readonly publicHost: string;
  /** Whether both keys are available for this session (never the keys themselves). */
  readonly hasKeys: boolean;
  readonly keysPersisted: boolean;
}

export const DEMO_PROFILE_ID = 'demo';
export const DEMO_PROFILE_NAME = 'Demo (embedded)';
export const DEFAULT_PRODUCT_NAME = 'Reflect';
