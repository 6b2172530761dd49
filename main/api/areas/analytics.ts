import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';

export function analyticsHandlers(_s: AppServices): Handlers['analytics'] {
  return {};
}
