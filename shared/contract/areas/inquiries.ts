import { z } from 'zod';
import { op } from '../define.js';
import { auditRows } from '../facts.js';
import type { ContactInquiry, ContactInquiryStats } from '../../rules/inquiries/types.js';
import { id } from '../../rules/common/fields.js';

/** General contact inquiries (spec 2): every inquiry newest first, the three stats cards, delete. */
export const inquiries = {
  /** Every inquiry, read in pages past the server's row cap; the screen searches and pages them locally. */
  list: op<readonly ContactInquiry[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** Total, This Week (last 7 days), Today: exact counts from count queries. */
  stats: op<ContactInquiryStats>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  delete: op<{ id: string }>()({
    input: z.strictObject({ id: id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('contact_inquiries'),
    destructive: true,
    access: 'admin',
    invalidates: ['inquiries'],
  }),
};
