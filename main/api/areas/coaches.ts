import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { listCoaches } from '../../services/coaches/list.js';
import { coachDetail } from '../../services/coaches/detail.js';
import { createCoach, updateCoach } from '../../services/coaches/write.js';
import { removeAvatar, uploadAvatar } from '../../services/coaches/avatar.js';
import { urlRebaseFor } from '../../services/coaches/avatar-url.js';
import { coachUsage } from '../../services/coaches/usage.js';
import { coachRequestLeaderboard } from '../../services/coaches/requests.js';
import { deleteInquiry, listInquiries, setInquiryStatus } from '../../services/coaches/inquiries.js';

export function coachesHandlers(s: AppServices): Handlers['coaches'] {
  const conn = () => s.connections.current();
  return {
    list: async () => {
      const c = await conn();
      return listCoaches(c.service, urlRebaseFor(c));
    },
    // The function call carries the administrator's own access token (the user client), not the service key.
    usage: async () => coachUsage((await conn()).user),
    get: async ({ id }) => {
      const c = await conn();
      return coachDetail(c.service, id, urlRebaseFor(c));
    },
    create: async ({ ...fields }, ctx) => {
      const c = await conn();
      return createCoach(c.service, fields, c.profile.productName, ctx.user.id);
    },
    update: async ({ id, ...fields }) => {
      const c = await conn();
      return updateCoach(c.service, id, fields, c.profile.productName);
    },
    uploadAvatar: async ({ coachId, jpegBase64 }) => {
      const c = await conn();
      return uploadAvatar(c.service, coachId, jpegBase64, urlRebaseFor(c));
    },
    removeAvatar: async ({ coachId }) => removeAvatar((await conn()).service, coachId),
    requests: async () => coachRequestLeaderboard((await conn()).service),
    inquiries: async () => listInquiries((await conn()).service),
    setInquiryStatus: async ({ id, status }) => setInquiryStatus((await conn()).service, id, status),
    deleteInquiry: async ({ id }) => deleteInquiry((await conn()).service, id),
  };
}
