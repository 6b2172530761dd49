import { z } from 'zod';
import { op } from '../define.js';
import { auditNotRecorded } from '../facts.js';
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
    // The signed-in user's own progress, kept in this computer's database: a read-only connection (which guards the
    // project) lets it be saved, and the administrators' audit log does not hold anyone's private reflections.
    effect: 'local',
    audit: auditNotRecorded("The signed-in user's own reflection progress, kept on this computer; nothing in the project changes."),
    access: 'signedIn',
    invalidates: ['toolkit.progress'],
  }),
};
