import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { readBoard, readBoardPage, readFeedback, readTrash } from '../../services/feedback/read.js';
import { setFeedbackStatus, setFeedbackTags, softDeleteFeedback, undoDeleteFeedback } from '../../services/feedback/write.js';
import { deleteFeedbackForever, restoreFeedback } from '../../services/feedback/trash.js';
import { exportFeedbackCsv } from '../../services/feedback/export.js';

/** Feedback reads and writes use the service client, after the router's admin check. */
export function feedbackHandlers(s: AppServices): Handlers['feedback'] {
  const db = async () => (await s.connections.current()).service;
  return {
    board: async (query) => readBoard(await db(), query),
    boardPage: async ({ column, after, ...query }) => readBoardPage(await db(), query, column, after),
    get: async ({ id }) => readFeedback(await db(), id),
    trash: async () => ({ items: await readTrash(await db()) }),
    setStatus: async ({ id, status }) => setFeedbackStatus(await db(), id, status),
    setTags: async ({ id, tags }) => setFeedbackTags(await db(), id, tags),
    softDelete: async ({ id }) => softDeleteFeedback(await db(), id),
    undoDelete: async ({ id, status }) => undoDeleteFeedback(await db(), id, status),
    restore: async ({ ids }) => restoreFeedback(await db(), ids),
    deleteForever: async ({ ids }) => deleteFeedbackForever(await db(), ids),
    exportCsv: async (query) => exportFeedbackCsv(await db(), s.saveTarget, query),
  };
}
