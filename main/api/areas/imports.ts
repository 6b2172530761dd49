import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { listImportJobs } from '../../services/imports/jobs.js';

export function importsHandlers(s: AppServices): Handlers['imports'] {
  return {
    list: async () => listImportJobs((await s.connections.current()).service),
  };
}
