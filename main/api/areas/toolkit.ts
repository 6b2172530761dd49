import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { AppError } from '../../ground/errors.js';
import { normaliseProgress, saveProblem } from '../../../shared/rules/toolkit/progress.js';
import { findTool } from '../../../shared/rules/toolkit/tools.js';
import { readProgress, writeProgress } from '../../services/toolkit/progress-store.js';

const NO_LOCAL_DATABASE = 'Toolkit progress cannot be kept: the local database of this computer could not be opened.';

export function toolkitHandlers(s: AppServices): Handlers['toolkit'] {
  const database = async () => {
    const db = (await s.connections.current()).cache?.db;
    if (!db) throw new AppError('INTERNAL', NO_LOCAL_DATABASE);
    return db;
  };
  return {
    progress: async (_input, ctx) => readProgress(await database(), ctx.user.id),
    async save(input, ctx) {
      const tool = findTool(input.toolId);
      if (!tool) throw new AppError('NOT_FOUND', 'This tool does not exist.');
      const progress = normaliseProgress(input, tool.steps.length);
      // The screen checks first; main checks again so no path stores progress the rules refuse.
      const problem = saveProblem(progress);
      if (problem) throw new AppError('INVALID_INPUT', problem.kind === 'incomplete' ? `${problem.title}: ${problem.description}` : problem.message);
      writeProgress(await database(), ctx.user.id, tool.id, progress);
      return progress;
    },
  };
}
