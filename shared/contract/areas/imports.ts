import { z } from 'zod';
import { op } from '../define.js';
import type { ImportJob } from '../../rules/imports/jobs.js';

/** Import monitoring (spec 3): view only, every job with its creator and target e-mails. */
export const imports = {
  list: op<ImportJob[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
};
