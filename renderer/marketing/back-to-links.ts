import type { BackTarget } from '../components/PageHeader.js';

/** The way back of the new and edit pages, and of a link not found. */
export const BACK_TO_LINKS: BackTarget = { to: '/admin/marketing-links', label: 'Back to Marketing Links' };
