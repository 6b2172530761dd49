import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { contactInquiryStats, deleteContactInquiry, listContactInquiries } from '../../services/inquiries/contact.js';

export function inquiriesHandlers(s: AppServices): Handlers['inquiries'] {
  const db = async () => (await s.connections.current()).service;
  return {
    list: async () => listContactInquiries(await db()),
    stats: async () => contactInquiryStats(await db()),
    delete: async ({ id }) => deleteContactInquiry(await db(), id),
  };
}
