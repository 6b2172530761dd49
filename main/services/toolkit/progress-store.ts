import type Database from 'better-sqlite3';
import { writeTransaction } from '../../cache/transaction.js';
import { normaliseProgress, type ToolProgress } from '../../../shared/rules/toolkit/progress.js';
import { findTool } from '../../../shared/rules/toolkit/tools.js';

/**
 * The toolkit's progress in the profile's local SQLite database (table toolkit_progress, cache migration 3), one
 * row per user and tool. Unlike the kept reads it is the user's own work, not a copy of the backend, so
 * sign-out leaves it in place for the next sign-in of the same user.
 */
interface Row {
  readonly tool_id: string;
  readonly completed_steps: string;
  readonly step_responses: string;
}

function parse(row: Row): ToolProgress | undefined {
  const tool = findTool(row.tool_id);
  if (!tool) return undefined;
  try {
    const completed = JSON.parse(row.completed_steps) as unknown;
    const responses = JSON.parse(row.step_responses) as unknown;
    if (!Array.isArray(completed) || !responses || typeof responses !== 'object') return undefined;
    return normaliseProgress(
      { completedSteps: completed.filter((s): s is number => typeof s === 'number'), stepResponses: responses as Record<string, string> },
      tool.steps.length,
    );
  } catch {
    // A row that is not JSON any more (hand-edited file) is skipped rather than breaking the screen.
    return undefined;
  }
}

export function readProgress(db: Database.Database, userId: string): Record<string, ToolProgress> {
  const rows = db.prepare('select tool_id, completed_steps, step_responses from toolkit_progress where user_id = ?').all(userId) as Row[];
  const out: Record<string, ToolProgress> = {};
  for (const row of rows) {
    const progress = parse(row);
    if (progress) out[row.tool_id] = progress;
  }
  return out;
}

export function writeProgress(db: Database.Database, userId: string, toolId: string, progress: ToolProgress, now = new Date()): void {
  writeTransaction(db, () =>
    db
      .prepare(
        `insert into toolkit_progress (user_id, tool_id, completed_steps, step_responses, updated_at) values (?, ?, ?, ?, ?)
         on conflict (user_id, tool_id) do update set completed_steps = excluded.completed_steps, step_responses = excluded.step_responses, updated_at = excluded.updated_at`,
      )
      .run(userId, toolId, JSON.stringify(progress.completedSteps), JSON.stringify(progress.stepResponses), now.toISOString()),
  );
}
