import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { dashboardOverview } from '../../services/dashboard/overview.js';
import { readDemoPassword, saveDemoPassword } from '../../services/dashboard/demo-password.js';

export function dashboardHandlers(s: AppServices): Handlers['dashboard'] {
  return {
    overview: async () => dashboardOverview((await s.connections.current()).service),
    demoPassword: async () => {
      const conn = await s.connections.current();
      return readDemoPassword(conn.service, conn.profile.productName);
    },
    setDemoPassword: async ({ password }) => saveDemoPassword((await s.connections.current()).service, password),
  };
}
