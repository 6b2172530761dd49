import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { readTimeline } from '../../services/activity/timeline.js';
import { TIMELINE_PAGE_SIZE } from '../../../shared/rules/activity/timeline.js';

export function activityHandlers(s: AppServices): Handlers['activity'] {
  return {
    timeline: async ({ kind, cursor, limit }) => readTimeline((await s.connections.current()).service, kind, cursor, limit ?? TIMELINE_PAGE_SIZE),
  };
}
