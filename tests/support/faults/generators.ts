import { FEATURE_KEYS } from '../../../shared/rules/flags/flags.js';
import { LIVE_STATUSES } from '../../../shared/rules/feedback/model.js';
import { RUN_PREFIX, type World } from './world.js';

export type Random = () => number;

/** One call the run will make, and what the checks need to know about it. */
export interface Planned {
  readonly op: string;
  readonly input: unknown;
  /** The input is invalid on purpose: the answer must be INVALID_INPUT and nothing may change. */
  readonly invalid?: true;
  /** A row this call alone would create, found by a unique value: there exactly once if it landed, else absent. */
  readonly marker?: { readonly table: string; readonly column: string; readonly value: string };
  /** A table this call adds exactly one row to when it lands (counted against the answers at the end). */
  readonly adds?: string;
  /** The user this call deletes. */
  readonly deletes?: string;
}

interface Generator {
  readonly op: string;
  readonly weight: number;
  make(r: Random, w: World, tag: string): Planned | undefined;
}

const pick = <T>(r: Random, xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);
const shuffled = <T>(r: Random, xs: readonly T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};
const BOGUS_ID = '00000000-0000-4000-8000-00000000dead';

/** The writes the run chooses among, with valid inputs built from what the database holds (and now and then invalid ones). */
export const GENERATORS: readonly Generator[] = [
  {
    op: 'banners.create',
    weight: 3,
    make: (r, _w, tag) => {
      const title = `${RUN_PREFIX}${tag}`;
      const base = {
        category: 'info',
        title,
        message: 'A banner from the fault run.',
        actionText: '',
        actionUrl: '',
        active: r() < 0.5,
        startDate: null,
        endDate: null,
        targetAudience: 'all',
      };
      if (r() < 0.15)
        return { op: 'banners.create', input: { ...base, message: '   ' }, invalid: true, marker: { table: 'system_banners', column: 'title', value: title } };
      return { op: 'banners.create', input: base, marker: { table: 'system_banners', column: 'title', value: title } };
    },
  },
  {
    op: 'banners.setActive',
    weight: 2,
    make: (r, w) => {
      const id = pick(r, w.banners);
      return id ? { op: 'banners.setActive', input: { id, active: r() < 0.5 } } : undefined;
    },
  },
  {
    op: 'banners.delete',
    weight: 1,
    make: (r, w) => {
      const id = pick(r, w.banners);
      return id ? { op: 'banners.delete', input: { id } } : undefined;
    },
  },
  {
    op: 'products.reorder',
    weight: 2,
    make: (r, w) => {
      if (w.products.length < 2) return undefined;
      const ids = shuffled(r, w.products);
      if (r() < 0.1) return { op: 'products.reorder', input: { ids: [...ids, ids[0]] }, invalid: true };
      return { op: 'products.reorder', input: { ids } };
    },
  },
  {
    op: 'feedback.setStatus',
    weight: 3,
    make: (r, w) => {
      const id = pick(r, w.feedback);
      if (!id) return undefined;
      if (r() < 0.1) return { op: 'feedback.setStatus', input: { id, status: 'deleted' }, invalid: true };
      return { op: 'feedback.setStatus', input: { id, status: pick(r, LIVE_STATUSES) } };
    },
  },
  {
    op: 'flags.grant',
    weight: 2,
    make: (r, w) => {
      const u = pick(r, w.flagUsers);
      return u ? { op: 'flags.grant', input: { email: u.email, featureKey: pick(r, FEATURE_KEYS), notes: '', expiresAt: null } } : undefined;
    },
  },
  {
    op: 'flags.revoke',
    weight: 2,
    make: (r, w) => {
      const u = pick(r, w.flagUsers);
      if (!u) return undefined;
      if (r() < 0.1) return { op: 'flags.revoke', input: { userId: u.id, featureKey: 'no_such_feature' }, invalid: true };
      return { op: 'flags.revoke', input: { userId: u.id, featureKey: pick(r, FEATURE_KEYS) } };
    },
  },
  {
    op: 'privacy.createVersion',
    weight: 2,
    make: (r, _w, tag) => {
      const changeSummary = `${RUN_PREFIX}${tag}`;
      const marker = { table: 'privacy_document_versions', column: 'change_summary', value: changeSummary };
      if (r() < 0.1) return { op: 'privacy.createVersion', input: { content: ' ', changeSummary, changeReason: null }, invalid: true, marker };
      return { op: 'privacy.createVersion', input: { content: `# Privacy intentions\n\nVersion of ${tag}.`, changeSummary, changeReason: null }, marker };
    },
  },
  {
    op: 'privacy.activate',
    weight: 2,
    make: (r, w) => {
      const versionId = pick(r, w.privacyVersions);
      return versionId ? { op: 'privacy.activate', input: { versionId } } : undefined;
    },
  },
  {
    op: 'prompts.activate',
    weight: 2,
    make: (r, w) => {
      const versionId = pick(r, w.publicChatbotVersions);
      if (r() < 0.1) return { op: 'prompts.activate', input: { family: 'mirror', versionId: BOGUS_ID }, invalid: true };
      return versionId ? { op: 'prompts.activate', input: { family: 'public-chatbot', versionId } } : undefined;
    },
  },
  {
    op: 'prompts.rollback',
    weight: 3,
    make: (r, w) => {
      const which = r();
      if (which < 0.4) {
        const v = pick(r, w.coachPrompts);
        return v ? { op: 'prompts.rollback', input: { family: 'coach-prompt', coachId: v.coachId, versionId: v.versionId }, adds: 'coach_prompts' } : undefined;
      }
      if (which < 0.8) {
        const v = pick(r, w.mirrorVersions);
        return v
          ? { op: 'prompts.rollback', input: { family: 'mirror', promptType: v.promptType, versionId: v.versionId }, adds: 'mirror_prompts' }
          : undefined;
      }
      const versionId = pick(r, w.dailyWisdomVersions);
      return versionId ? { op: 'prompts.rollback', input: { family: 'daily-wisdom', versionId }, adds: 'daily_wisdom_prompts' } : undefined;
    },
  },
  {
    op: 'users.deleteUser',
    weight: 1,
    make: (r, w) => {
      const u = pick(r, w.deletable);
      if (!u) return undefined;
      if (r() < 0.15) return { op: 'users.deleteUser', input: { targetUserId: u.id, reason: 'x', confirmEmail: u.email }, invalid: true };
      return { op: 'users.deleteUser', input: { targetUserId: u.id, reason: 'Asked for by the user (fault run).', confirmEmail: u.email }, deletes: u.id };
    },
  },
];

/** Reads interleaved with the writes (each also keeps its answer for offline use). */
export const READS: readonly (readonly [string, unknown])[] = [
  ['banners.list', {}],
  ['products.list', {}],
  ['privacy.current', {}],
  ['flags.list', {}],
  ['coaches.list', {}],
  ['feedback.trash', {}],
];

/** The next call: a read one time in four, otherwise a write chosen by weight (another if its targets are gone). */
export function plan(r: Random, w: World, tag: string): Planned {
  if (r() < 0.25) {
    const [op, input] = pick(r, READS)!;
    return { op, input };
  }
  const total = GENERATORS.reduce((s, g) => s + g.weight, 0);
  for (let attempt = 0; attempt < 10; attempt++) {
    let x = r() * total;
    const g = GENERATORS.find((g) => (x -= g.weight) < 0) ?? GENERATORS[0]!;
    const p = g.make(r, w, tag);
    if (p) return p;
  }
  return GENERATORS[0]!.make(r, w, tag)!;
}

/** Writes of the contract the run does not generate yet (named in the run's summary). */
export function writesNotGenerated(allWrites: readonly string[]): string[] {
  const covered = new Set(GENERATORS.map((g) => g.op));
  return allWrites.filter((w) => !covered.has(w));
}
