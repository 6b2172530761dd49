import { z } from 'zod';
import { op } from '../define.js';
import { auditRows } from '../facts.js';
import type { Banner } from '../../rules/banners/types.js';
import { BANNER_AUDIENCES, BANNER_CATEGORIES, BANNER_LIMITS, BANNER_MESSAGES, blankToNull, endsBeforeStart } from '../../rules/banners/fields.js';
import { id, optionalText, optionalWebUrlOrAppPath, requiredText } from '../../rules/common/fields.js';

/**
 * System banners (spec 2): the list newest first, one banner for the form, create, update, the active toggle and
 * delete. The action URL and date order are checked here, so main refuses what the form would refuse.
 */

const M = BANNER_MESSAGES;
const L = BANNER_LIMITS;

// Empty is null; anything else must be an ISO instant with its offset (the form converts its local time).
const optionalInstant = z
  .string()
  .nullable()
  .transform((v) => blankToNull(v))
  .refine((v) => v === null || z.iso.datetime({ offset: true }).safeParse(v).success, M.invalidDate);

const fields = {
  category: z.enum(BANNER_CATEGORIES, 'Not a valid category'),
  title: requiredText(L.title, M.titleRequired),
  message: requiredText(L.message, M.messageRequired),
  actionText: optionalText(L.actionText),
  actionUrl: optionalWebUrlOrAppPath(L.actionUrl, M.unsafeActionUrl),
  active: z.boolean(),
  startDate: optionalInstant,
  endDate: optionalInstant,
  targetAudience: z.enum(BANNER_AUDIENCES, 'Not a valid audience'),
};

type Dated = { startDate: string | null; endDate: string | null };
const datesInOrder = (v: Dated, ctx: z.RefinementCtx) => {
  if (endsBeforeStart(v.startDate, v.endDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
};

export const banners = {
  list: op<readonly Banner[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** null when no banner has this id. */
  get: op<Banner | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin', keepOffline: true }),
  /** created_by is the verified administrator, set in main: the input has no such field. */
  create: op<Banner>()({
    input: z.strictObject(fields).superRefine(datesInOrder),
    kind: 'write',
    effect: 'project',
    audit: auditRows('system_banners'),
    access: 'admin',
    invalidates: ['banners'],
  }),
  update: op<Banner>()({
    input: z.strictObject({ id, ...fields }).superRefine(datesInOrder),
    kind: 'write',
    effect: 'project',
    audit: auditRows('system_banners'),
    access: 'admin',
    invalidates: ['banners'],
  }),
  /** The list's switch; also stamps updated_at. */
  setActive: op<Banner>()({
    input: z.strictObject({ id, active: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('system_banners'),
    access: 'admin',
    invalidates: ['banners'],
  }),
  delete: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('system_banners'),
    destructive: true,
    access: 'admin',
    invalidates: ['banners'],
  }),
};
