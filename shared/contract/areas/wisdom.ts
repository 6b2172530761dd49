import { z } from 'zod';
import { op } from '../define.js';
import { auditRows } from '../facts.js';
import type { WisdomList, WisdomSource } from '../../rules/wisdom/types.js';
import { EXPERTISE_AREAS, NO_TIME_PERIOD, TIME_PERIODS, WISDOM_CATEGORIES, WISDOM_LIMITS, WISDOM_MESSAGES, periodToStore } from '../../rules/wisdom/fields.js';
import { missingRequired } from '../../rules/wisdom/validate.js';
import { id, optionalText } from '../../rules/common/fields.js';

/**
 * Wisdom sources (spec 2): the list with its stats, create, update in place, the active toggle and delete.
 * Text is trimmed here, so main stores exactly what the spec's rules allow whatever the window sends.
 */

const oneOf = (list: readonly string[]) => (v: string) => list.includes(v);
const text = (max: number, label: string) => z.string().max(max, `The ${label} is at most ${max} characters`);

const fields = {
  name: text(WISDOM_LIMITS.name, 'name'),
  description: text(WISDOM_LIMITS.description, 'description'),
  // Blank is reported as a missing required field below; anything else must be one of the list.
  category: z.string().refine((v) => v.trim() === '' || oneOf(WISDOM_CATEGORIES)(v), 'Not a valid category'),
  // The select's 'none' (or null, or blank) clears the period.
  timePeriod: z
    .string()
    .nullable()
    .refine((v) => v === null || v.trim() === '' || oneOf([...TIME_PERIODS, NO_TIME_PERIOD])(v), 'Not a valid time period')
    .transform((v) => periodToStore(v)),
  culturalBackground: optionalText(WISDOM_LIMITS.culturalBackground),
  expertiseAreas: z
    .array(z.string().refine(oneOf(EXPERTISE_AREAS), 'Not a valid expertise area'))
    .max(EXPERTISE_AREAS.length)
    // Each area once, in the order the administrator picked them.
    .transform((v) => [...new Set(v)]),
  isActive: z.boolean(),
};

/** One message for any missing required field (not one per field), then the text trimmed. */
const required = (mode: 'create' | 'update') => (v: { name: string; description: string; category: string }, ctx: z.RefinementCtx) => {
  const message = missingRequired(v, mode);
  if (message) ctx.addIssue({ code: 'custom', message, path: [] });
};
const trimmed = <T extends { name: string; description: string; category: string }>(v: T): T => ({
  ...v,
  name: v.name.trim(),
  description: v.description.trim(),
  category: v.category.trim(),
});

const createInput = z.strictObject(fields).superRefine(required('create')).transform(trimmed);
// An update keeps a category (the edit form always has one); only name and description are required by the spec.
const updateInput = z
  .strictObject({ id, ...fields, category: fields.category.refine((v) => v.trim() !== '', WISDOM_MESSAGES.required) })
  .superRefine(required('update'))
  .transform(trimmed);

const stale = ['wisdom.list'] as const;

export const wisdom = {
  list: op<WisdomList>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  create: op<WisdomSource>()({ input: createInput, kind: 'write', effect: 'project', audit: auditRows('wisdom_sources'), access: 'admin', invalidates: stale }),
  update: op<WisdomSource>()({ input: updateInput, kind: 'write', effect: 'project', audit: auditRows('wisdom_sources'), access: 'admin', invalidates: stale }),
  setActive: op<WisdomSource>()({
    input: z.strictObject({ id, isActive: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('wisdom_sources'),
    access: 'admin',
    invalidates: stale,
  }),
  delete: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('wisdom_sources'),
    destructive: true,
    access: 'admin',
    invalidates: stale,
  }),
};
