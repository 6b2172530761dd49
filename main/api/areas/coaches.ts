import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';

export function coachesHandlers(_s: AppServices): Handlers['coaches'] {
  return {};
}
