/**
 * Every admin route of the three spec documents, with its title and place in the navigation. Screens that
 * are built register themselves in screens.ts; the others show a plain "not built yet" page.
 */
export type NavGroup = 'Overview' | 'Users' | 'Coaches' | 'Content' | 'Prompts' | 'Feedback' | 'E-mail' | 'Growth' | 'Operations' | 'AI tools';

export interface AdminRoute {
  /** Path relative to /admin. */
  readonly path: string;
  readonly title: string;
  readonly nav?: { readonly group: NavGroup; readonly label: string };
}

export const NAV_GROUPS: readonly NavGroup[] = ['Overview', 'Users', 'Coaches', 'Content', 'Prompts', 'Feedback', 'E-mail', 'Growth', 'Operations', 'AI tools'];

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: 'dashboard', title: 'Admin Dashboard', nav: { group: 'Overview', label: 'Dashboard' } },
  { path: 'analytics', title: 'User Analytics', nav: { group: 'Overview', label: 'Analytics' } },
  { path: 'user-activity', title: 'User Activity Intelligence', nav: { group: 'Overview', label: 'User Activity' } },
  { path: 'activity', title: 'Recent Activity', nav: { group: 'Overview', label: 'Recent Activity' } },

  { path: 'users', title: 'User Management', nav: { group: 'Users', label: 'Users' } },
  { path: 'users/:userId', title: 'User Detail' },
  { path: 'feature-flags', title: 'User Feature Flags', nav: { group: 'Users', label: 'Feature Flags' } },
  { path: 'imports', title: 'Import Management', nav: { group: 'Users', label: 'Imports' } },

  { path: 'coaches', title: 'Coach Management', nav: { group: 'Coaches', label: 'Coaches' } },
  { path: 'coaches/new', title: 'New Coach' },
  { path: 'coaches/:id', title: 'Edit Coach' },
  { path: 'coaches/:id/history', title: 'Coach Prompt History' },
  { path: 'coach-requests', title: 'Coach Requests', nav: { group: 'Coaches', label: 'Coach Requests' } },
  { path: 'coach-inquiries', title: 'Coach Inquiries', nav: { group: 'Coaches', label: 'Coach Inquiries' } },

  { path: 'banners', title: 'System Banners', nav: { group: 'Content', label: 'Banners' } },
  { path: 'banners/:id/edit', title: 'Banner' },
  { path: 'products', title: 'Product Management', nav: { group: 'Content', label: 'Products' } },
  { path: 'products/new', title: 'Add New Product' },
  { path: 'products/edit/:id', title: 'Edit Product' },
  { path: 'contact-inquiries', title: 'General Inquiries', nav: { group: 'Content', label: 'General Inquiries' } },
  { path: 'wisdom-sources', title: 'Wisdom Sources', nav: { group: 'Content', label: 'Wisdom Sources' } },
  { path: 'privacy-intentions', title: 'Privacy Intentions', nav: { group: 'Content', label: 'Privacy Intentions' } },
  { path: 'privacy-history', title: 'Privacy Intentions History' },

  { path: 'mirror', title: 'Mirror Prompt Management', nav: { group: 'Prompts', label: 'Mirror Prompts' } },
  { path: 'mirror-prompts', title: 'Mirror Prompt Management' },
  { path: 'mirror/:type/history', title: 'Mirror Prompt History' },
  { path: 'daily-wisdom-prompts', title: 'Daily Wisdom Prompt Management', nav: { group: 'Prompts', label: 'Daily Wisdom' } },
  { path: 'entry-analysis-prompts', title: 'Entry Analysis Prompts', nav: { group: 'Prompts', label: 'Entry Analysis' } },
  { path: 'block-suggestion-prompts', title: 'Entry Suggestion Prompts', nav: { group: 'Prompts', label: 'Entry Suggestions' } },

  { path: 'feedback', title: 'Feedback Management', nav: { group: 'Feedback', label: 'Feedback Board' } },
  { path: 'feedback/deleted', title: 'Deleted Feedback', nav: { group: 'Feedback', label: 'Deleted Feedback' } },
  { path: 'feedback/:id', title: 'Feedback Detail' },

  { path: 'email-management', title: 'Email System', nav: { group: 'E-mail', label: 'Email System' } },
  { path: 'email-engagement', title: 'Email Engagement', nav: { group: 'E-mail', label: 'Email Engagement' } },

  { path: 'marketing-links', title: 'Marketing Links', nav: { group: 'Growth', label: 'Marketing Links' } },
  { path: 'marketing-links/new', title: 'New Marketing Campaign' },
  { path: 'marketing-links/:id/edit', title: 'Edit Marketing Campaign' },
  { path: 'marketing-links/:id/analytics', title: 'Marketing Link Analytics' },
  { path: 'campaign-analytics', title: 'Campaign Analytics', nav: { group: 'Growth', label: 'Campaign Analytics' } },
  { path: 'affiliate-analytics', title: 'Affiliate Analytics', nav: { group: 'Growth', label: 'Affiliate Analytics' } },

  { path: 'api-usage', title: 'AI API Usage', nav: { group: 'Operations', label: 'API Usage' } },
  { path: 'audit', title: 'Audit Log', nav: { group: 'Operations', label: 'Audit Log' } },

  { path: 'public-chatbot', title: 'Public Chatbot', nav: { group: 'AI tools', label: 'Public Chatbot' } },
  { path: 'public-chatbot/history', title: 'Public Chatbot History' },
  { path: 'internal-chatbot', title: 'Internal Chatbot', nav: { group: 'AI tools', label: 'Internal Chatbot' } },
  { path: 'internal-chatbot/history', title: 'Internal Chat History' },
  { path: 'tts-generator', title: 'Text-to-Speech Generator', nav: { group: 'AI tools', label: 'TTS Generator' } },
  { path: 'tts-library', title: 'TTS Library', nav: { group: 'AI tools', label: 'TTS Library' } },
];
