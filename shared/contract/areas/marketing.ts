import { z } from 'zod';
import { op } from '../define.js';
import { auditRows } from '../facts.js';
import type { MarketingLink } from '../../rules/marketing/types.js';
import { marketingLinkSchema } from '../../rules/marketing/schema.js';
import { id } from '../../rules/common/fields.js';

/**
 * Marketing and affiliate links (spec 3): the list, one link for the edit form, create, update and delete. The
 * fields are checked by the same schema the form uses (shared/rules/marketing/schema.ts).
 */

export const marketing = {
  /** Every link, newest first; the list screen searches and filters them. */
  list: op<readonly MarketingLink[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** null when no link has this id ('Marketing Campaign Not Found'). */
  get: op<MarketingLink | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin', keepOffline: true }),
  create: op<{ id: string }>()({
    input: z.strictObject({ link: marketingLinkSchema }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('marketing_links'),
    access: 'admin',
    invalidates: ['marketing', 'affiliates'],
  }),
  update: op<{ id: string }>()({
    input: z.strictObject({ id, link: marketingLinkSchema }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('marketing_links'),
    access: 'admin',
    invalidates: ['marketing', 'affiliates'],
  }),
  /** Deletes the link with its visits and revenue rows (the schema cascades). */
  delete: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('marketing_links'),
    destructive: true,
    access: 'admin',
    invalidates: ['marketing', 'affiliates'],
  }),
};
