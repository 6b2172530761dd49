import crypto from 'node:crypto';
import {
  DEFAULT_PRODUCT_NAME,
  DEFAULT_SAFETY,
  DEMO_PROFILE_ID,
  DEMO_PROFILE_NAME,
  type ProfileSafety,
  type ProfileSummary,
} from '../../shared/rules/profiles/types.js';
import { KEYS_FOR_NEW_URL_MESSAGE, normaliseProjectUrl } from '../../shared/rules/profiles/project-url.js';
import { DEFAULT_PUBLIC_HOST, isPublicHost, normalisePublicHost } from '../../shared/rules/profiles/public-host.js';
import { AppError } from '../ground/errors.js';
import { registerSecret } from '../ground/log.js';
import { createSessionStorage } from './session-storage.js';
import type { ProfileStore, SecretStore, StoredProfile } from './ports.js';
import type { ProjectCredentials } from './supabase-clients.js';

/** A real project given to browser mode through environment variables: keys stay in memory. */
export interface EnvironmentProject extends ProjectCredentials {
  readonly name: string;
  readonly productName: string;
  readonly publicHost: string;
}

export const ENVIRONMENT_PROFILE_ID = 'environment';

export function environmentProjectFrom(env: NodeJS.ProcessEnv): EnvironmentProject | undefined {
  const url = env.REFLECT_SUPABASE_URL;
  const anonKey = env.REFLECT_SUPABASE_ANON_KEY;
  const serviceRoleKey = env.REFLECT_SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !anonKey || !serviceRoleKey) return undefined;
  return {
    name: env.REFLECT_PROFILE_NAME ?? 'Project from environment',
    url: normaliseProjectUrl(url),
    anonKey,
    serviceRoleKey,
    productName: env.REFLECT_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    publicHost: env.REFLECT_PUBLIC_HOST && isPublicHost(env.REFLECT_PUBLIC_HOST) ? normalisePublicHost(env.REFLECT_PUBLIC_HOST) : DEFAULT_PUBLIC_HOST,
  };
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

const keyName = (id: string, which: 'anon' | 'service' | 'origin') => `profile:${id}:${which}`;

export { KEYS_FOR_NEW_URL_MESSAGE };

export interface SaveProfileInput {
  readonly id?: string | undefined;
  readonly name: string;
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey?: string | undefined;
  readonly productName: string;
  readonly publicHost?: string | undefined;
}

/** The built-in demo profile, an optional environment profile and the administrator's saved projects. */
export class ProfileRegistry {
  constructor(
    private readonly store: ProfileStore,
    private readonly secrets: SecretStore,
    private readonly environment: EnvironmentProject | undefined,
  ) {
    registerSecret(environment?.serviceRoleKey);
    registerSecret(environment?.anonKey);
  }

  list(): ProfileSummary[] {
    const demo: ProfileSummary = {
      id: DEMO_PROFILE_ID,
      name: DEMO_PROFILE_NAME,
      kind: 'embedded',
      source: 'builtin',
      url: null,
      productName: DEFAULT_PRODUCT_NAME,
      publicHost: DEFAULT_PUBLIC_HOST,
      hasKeys: true,
      keysPersisted: true,
      ...this.safety(DEMO_PROFILE_ID),
    };
    const env: ProfileSummary[] = this.environment
      ? [
          {
            id: ENVIRONMENT_PROFILE_ID,
            name: this.environment.name,
            kind: 'remote',
            source: 'environment',
            url: this.environment.url,
            productName: this.environment.productName,
            publicHost: this.environment.publicHost,
            hasKeys: true,
            keysPersisted: false,
            ...this.safety(ENVIRONMENT_PROFILE_ID),
          },
        ]
      : [];
    const saved = this.store
      .list()
      .sort((a, b) => a.name.localeCompare(b.name))
      .map<ProfileSummary>((p) => {
        const hasKeys = this.boundKeys(p) !== undefined;
        return {
          id: p.id,
          name: p.name,
          kind: 'remote',
          source: 'saved',
          url: p.url,
          productName: p.productName,
          publicHost: p.publicHost && isPublicHost(p.publicHost) ? normalisePublicHost(p.publicHost) : DEFAULT_PUBLIC_HOST,
          hasKeys,
          keysPersisted: hasKeys && this.secrets.persistence === 'encrypted',
          ...this.safety(p.id),
        };
      });
    return [demo, ...env, ...saved];
  }

  /** Profiles saved before safety modes existed, and never set, read as normal and not production. */
  private safety(id: string): ProfileSafety {
    return this.store.safetyOf(id) ?? DEFAULT_SAFETY;
  }

  setSafety(id: string, safety: ProfileSafety): ProfileSummary {
    if (!this.get(id)) throw new AppError('NOT_FOUND', 'That connection no longer exists.');
    this.store.setSafety(id, { safetyMode: safety.safetyMode, production: safety.production });
    return this.get(id) as ProfileSummary;
  }

  get(id: string): ProfileSummary | undefined {
    return this.list().find((p) => p.id === id);
  }

  /**
   * A saved profile's keys, only while its URL has the origin they were saved with: keys whose origin is not
   * recorded (saved before keys were bound) or differs count as missing and must be entered again.
   */
  private boundKeys(p: StoredProfile): { anonKey: string; serviceRoleKey: string } | undefined {
    const anonKey = this.secrets.get(keyName(p.id, 'anon'));
    const serviceRoleKey = this.secrets.get(keyName(p.id, 'service'));
    const origin = this.secrets.get(keyName(p.id, 'origin'));
    if (!anonKey || !serviceRoleKey || !origin || origin !== originOf(p.url)) return undefined;
    return { anonKey, serviceRoleKey };
  }

  /** Credentials of a remote profile; the demo profile's come from the running embedded backend. */
  credentials(id: string): ProjectCredentials | undefined {
    if (id === ENVIRONMENT_PROFILE_ID && this.environment) return this.environment;
    const p = this.store.list().find((s) => s.id === id);
    const keys = p ? this.boundKeys(p) : undefined;
    if (!p || !keys) return undefined;
    registerSecret(keys.serviceRoleKey);
    return { url: originOf(p.url), ...keys };
  }

  save(input: SaveProfileInput): ProfileSummary {
    if (input.id === DEMO_PROFILE_ID || input.id === ENVIRONMENT_PROFILE_ID) {
      throw new AppError('PRECONDITION_FAILED', 'The built-in connections cannot be edited.');
    }
    const existing = input.id ? this.store.list().find((p) => p.id === input.id) : undefined;
    if (input.id && !existing) throw new AppError('NOT_FOUND', 'That connection no longer exists.');
    const url = normaliseProjectUrl(input.url);
    // Keys belong to the origin they were typed for: a new origin drops them, so they can never follow it.
    const stored = existing ? this.boundKeys(existing) : undefined;
    const sameOrigin = existing !== undefined && originOf(existing.url) === url;
    const serviceRoleKey = input.serviceRoleKey ?? (sameOrigin ? stored?.serviceRoleKey : undefined);
    if (!serviceRoleKey) throw new AppError('INVALID_INPUT', existing && !sameOrigin ? KEYS_FOR_NEW_URL_MESSAGE : 'Enter the service-role key.');
    if (existing && !sameOrigin) this.dropKeys(existing.id);
    const id = existing?.id ?? crypto.randomUUID();
    registerSecret(serviceRoleKey);
    registerSecret(input.anonKey);
    this.secrets.set(keyName(id, 'anon'), input.anonKey);
    this.secrets.set(keyName(id, 'service'), serviceRoleKey);
    this.secrets.set(keyName(id, 'origin'), url);
    this.store.save({
      id,
      name: input.name,
      url,
      productName: input.productName,
      publicHost: input.publicHost ? normalisePublicHost(input.publicHost) : (existing?.publicHost ?? DEFAULT_PUBLIC_HOST),
      createdAt: existing?.createdAt ?? new Date().toISOString(),
    });
    return this.get(id) as ProfileSummary;
  }

  remove(id: string): void {
    if (id === DEMO_PROFILE_ID || id === ENVIRONMENT_PROFILE_ID) {
      throw new AppError('PRECONDITION_FAILED', 'The built-in connections cannot be removed.');
    }
    this.dropKeys(id);
    this.store.remove(id);
  }

  /** The keys and the session kept for a profile: a session's tokens belong to the old project as much as its keys. */
  private dropKeys(id: string): void {
    this.secrets.delete(keyName(id, 'anon'));
    this.secrets.delete(keyName(id, 'service'));
    this.secrets.delete(keyName(id, 'origin'));
    createSessionStorage(this.secrets, id).clear();
  }

  activeId(): string {
    const stored = this.store.activeId();
    if (stored && this.get(stored)) return stored;
    return this.environment ? ENVIRONMENT_PROFILE_ID : DEMO_PROFILE_ID;
  }

  setActive(id: string): void {
    if (!this.get(id)) throw new AppError('NOT_FOUND', 'That connection no longer exists.');
    this.store.setActiveId(id);
  }
}
