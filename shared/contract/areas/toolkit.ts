import { z } from 'zod';
import { op } from '../define.js';
import { auditNone } from '../facts.js';
import { MAX_RESPONSE_LENGTH, type ToolProgress } from '../../rules/toolkit/progress.js';
import { TOOLS } from '../../rules/toolkit/tools.js';

const toolId = z.enum(TOOLS.map((t) => t.id) as [string, ...string[]]);
const step = z.number().int().min(0).max(49);

/**
 * The self-reflection toolkit, for any signed-in user (spec README): progress is kept per user in main's local
 * database, never on the backend.
 */
export const toolkit = {
  /** The signed-in user's saved progress, by tool id; tools never saved are absent. */
  progress: op<Record<string, ToolProgress>>()({ input: z.strictObject({}), kind: 'read', access: 'signedIn' }),
  save: op<ToolProgress>()({
    input: z.strictObject({
      toolId,
      completedSteps: z.array(step).max(50),
      stepResponses: z.record(z.string().regex(/^\d{1,2}$/), z.string().max(MAX_RESPONSE_LENGTH)),
    }),
    kind: 'write',
    // Kept on this computer, yet refused by a read-only connection as it always was (changing that is a decision).
    effect: 'project',
    audit: auditNone("Progress is kept in this computer's local database for the signed-in user."),
    access: 'signedIn',
    invalidates: ['toolkit.progress'],
  }),
};
