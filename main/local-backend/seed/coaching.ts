import type pg from 'pg';
import { COACHES, PANEL_COMBOS, PROMPT_NOTES, REQUESTED_COACHES, REQUEST_MESSAGES, coachKnowledge, coachSystemPrompt } from './catalog/coaches.js';
import { PARAMS } from './catalog/prompts.js';
import { DAY_MS, daysBefore, type Rng } from './random.js';
import { insertRows, insertUnnest, type Row } from './sql.js';
import { COACH_INQUIRY_MESSAGES, FIRST_NAMES, LAST_NAMES } from './texts.js';
import type { SeedUser } from './users.js';

export interface CoachCatalog {
  /** All coach ids, active ones first in catalog order (most popular first), inactive ones last. */
  readonly idsByPopularity: string[];
  /** Panel combinations as uuid[] literals. */
  readonly panelCombos: string[];
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export async function insertCoaches(client: pg.PoolClient, rng: Rng, now: Date, adminId: string): Promise<CoachCatalog> {
  const coaches: Row[] = [];
  const prompts: Row[] = [];
  const kb: Row[] = [];
  const ids: string[] = [];
  COACHES.forEach((c, i) => {
    const id = rng.uuid();
    ids.push(id);
    const createdAt = daysBefore(now, 530 - i * 25);
    coaches.push({
      id,
      name: c.name,
      slug: slugify(c.name),
      description: c.description,
      is_free: c.isFree,
      is_active: c.isActive,
      category: c.category,
      subscription_tier: c.tier,
      sample_interaction: c.sample,
      avatar_url: null,
      coach_type: c.type,
      creator_id: c.type === 'community' ? null : adminId,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const params = c.category === 'creative' ? PARAMS.coachCreative : PARAMS.coach;
    for (let v = 1; v <= c.promptVersions; v++) {
      // The fourth version of a four-version history is a rollback to version 2.
      const rollback = v === 4;
      prompts.push({
        id: rng.uuid(),
        coach_id: id,
        prompt_type: 'system',
        prompt_content: coachSystemPrompt(c, rollback ? 2 : v),
        version: v,
        is_active: v === c.promptVersions,
        created_by: v === 1 ? null : adminId,
        generation_params: params,
        notes: PROMPT_NOTES[v - 1] ?? null,
        change_reason: rollback ? 'rollback' : v === 1 ? null : 'improvement',
        created_at: new Date(createdAt.getTime() + (v - 1) * 40 * DAY_MS + rng.int(0, 86_000) * 1000),
      });
    }
    let parent: string | null = null;
    for (let v = 1; v <= c.kbVersions; v++) {
      const kbId = rng.uuid();
      const at = new Date(createdAt.getTime() + (v - 1) * 55 * DAY_MS + 3_600_000);
      kb.push({
        id: kbId,
        coach_id: id,
        title: `${c.name} knowledge base`,
        content: coachKnowledge(c, v),
        version: v,
        is_active: v === c.kbVersions,
        created_by: v === 1 ? null : adminId,
        parent_version_id: parent,
        notes: v === 1 ? 'Initial version' : `Expanded section ${v}`,
        change_reason: v === 1 ? null : 'content update',
        created_at: at,
        updated_at: at,
      });
      parent = kbId;
    }
  });
  await insertRows(client, 'public.coaches', coaches);
  await insertRows(client, 'public.coach_prompts', prompts);
  await insertRows(client, 'public.coach_knowledge_base', kb);
  const active = COACHES.map((c, i) => ({ c, id: ids[i]! }))
    .filter((x) => x.c.isActive)
    .map((x) => x.id);
  const inactive = COACHES.map((c, i) => ({ c, id: ids[i]! }))
    .filter((x) => !x.c.isActive)
    .map((x) => x.id);
  const panelCombos = PANEL_COMBOS.map((combo) => `{${combo.map((i) => active[i % active.length]).join(',')}}`);
  return { idsByPopularity: [...active, ...inactive], panelCombos };
}

/** Requests for coaches that do not exist: names repeat in different case so the leaderboard groups them. */
export async function insertCoachRequests(client: pg.PoolClient, rng: Rng, now: Date, users: readonly SeedUser[], perUser: number): Promise<number> {
  const n = Math.max(40, Math.round(users.length * perUser));
  const rows: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    const u = users.length > 2 ? users[rng.int(2, users.length - 1)]! : undefined;
    const from = u ? u.createdAt : daysBefore(now, 400);
    rows.push([rng.uuid(), u?.id ?? null, rng.weighted(REQUESTED_COACHES), rng.pick(REQUEST_MESSAGES), rng.between(from, now)]);
  }
  await insertUnnest(
    client,
    'public.coach_requests',
    [
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'coach_name', type: 'text' },
      { name: 'message', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    rows,
  );
  return n;
}

const INQUIRY_STATUSES = ['new', 'contacted', 'in-progress', 'closed'] as const;

export async function insertCoachInquiries(client: pg.PoolClient, rng: Rng, now: Date, userCount: number): Promise<number> {
  const n = Math.max(14, Math.round(userCount * 0.01));
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const at = daysBefore(now, rng.next() * 300);
    // The first four cover every status; the rest lean towards the early states.
    const status =
      i < INQUIRY_STATUSES.length
        ? INQUIRY_STATUSES[i]!
        : rng.weighted([
            ['new', 4],
            ['contacted', 3],
            ['in-progress', 2],
            ['closed', 3],
          ] as const);
    const handle = `${first}${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    rows.push({
      id: rng.uuid(),
      full_name: `${first} ${last}`,
      email: `${handle}@coaching.example.com`,
      message: rng.pick(COACH_INQUIRY_MESSAGES),
      status,
      website: rng.chance(0.6) ? `https://${handle}.example.com` : null,
      linkedin: rng.chance(0.5) ? `https://www.linkedin.com/in/${handle}` : null,
      created_at: at,
      updated_at: status === 'new' ? at : new Date(Math.min(now.getTime(), at.getTime() + rng.int(1, 20) * DAY_MS)),
    });
  }
  await insertRows(client, 'public.coach_inquiries', rows);
  return n;
}
