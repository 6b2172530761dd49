import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';

export function usersHandlers(_s: AppServices): Handlers['users'] {
  return {};
}
