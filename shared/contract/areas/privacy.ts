import { z } from 'zod';
import { op } from '../define.js';
import { auditNone, auditRows } from '../facts.js';
import { PRIVACY_MESSAGES, type PrivacyCurrent, type PrivacyVersion } from '../../rules/privacy/document.js';
import { id } from '../../rules/common/fields.js';

/** Privacy intentions (spec 3): the shown document with its fallback chain, the versions, create and activate. */
export const privacy = {
  current: op<PrivacyCurrent>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** Newest version first. */
  history: op<PrivacyVersion[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** create_privacy_document_version: the new version is active at once. */
  createVersion: op<{ id: string }>()({
    input: z.strictObject({
      content: z
        .string()
        .max(200_000)
        .refine((v) => v.trim() !== '', 'The document content is required'),
      changeSummary: z
        .string()
        .max(500)
        .refine((v) => v.trim() !== '', PRIVACY_MESSAGES.summaryRequired),
      changeReason: z.string().max(2000).nullable().default(null),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A new version row and its content; the input holds them.'),
    access: 'admin',
    invalidates: ['privacy'],
  }),
  activate: op<{ id: string }>()({
    input: z.strictObject({ versionId: id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('privacy_document_versions', 'versionId'),
    access: 'admin',
    invalidates: ['privacy'],
  }),
};
