/** The dashboard's quick-action tiles, in the three groups of spec 1 ("Admin dashboard"). */
export interface QuickAction {
  readonly to: string;
  readonly label: string;
  readonly description: string;
}

export interface QuickActionGroup {
  readonly title: string;
  readonly actions: readonly QuickAction[];
}

export const QUICK_ACTION_GROUPS: readonly QuickActionGroup[] = [
  {
    title: 'General actions',
    actions: [
      { to: '/admin/users', label: 'Manage Users', description: 'Search, filter, export and delete accounts' },
      { to: '/admin/analytics', label: 'User Analytics', description: 'Growth, activity, content and AI usage' },
      { to: '/admin/user-activity', label: 'User Activity', description: 'Engagement, growth phases and recency' },
      { to: '/admin/activity', label: 'Recent Activity', description: 'What users did lately' },
      { to: '/admin/coaches', label: 'Manage Coaches', description: 'Coaches, prompts and knowledge bases' },
      { to: '/admin/coach-requests', label: 'Coach Requests', description: 'Which coaches users ask for' },
      { to: '/admin/coach-inquiries', label: 'Coach Inquiries', description: 'People who want to become coaches' },
      { to: '/admin/products', label: 'Partner Products', description: 'Marketplace products and their order' },
      { to: '/admin/banners', label: 'System Banners', description: 'Announcements to audience groups' },
      { to: '/admin/contact-inquiries', label: 'General Inquiries', description: 'Messages from the contact form' },
      { to: '/admin/feedback', label: 'User Feedback', description: 'Bugs, features and general feedback' },
      { to: '/admin/wisdom-sources', label: 'Wisdom Sources', description: 'Figures and thought leaders' },
      { to: '/admin/email-management', label: 'Email System', description: 'Delivery health and admin users' },
      { to: '/admin/email-engagement', label: 'Email Engagement', description: 'Templates, triggers and campaigns' },
      { to: '/admin/feature-flags', label: 'Feature Flags', description: 'Per-user feature overrides' },
      { to: '/admin/imports', label: 'Imports', description: 'Bulk import jobs' },
      { to: '/admin/marketing-links', label: 'Marketing Links', description: 'Tracking and affiliate links' },
      { to: '/admin/campaign-analytics', label: 'Campaign Analytics', description: 'Campaign performance and ROI' },
      { to: '/admin/affiliate-analytics', label: 'Affiliate Analytics', description: 'Revenue and commissions' },
      { to: '/admin/api-usage', label: 'API Usage', description: 'AI API costs and usage' },
      { to: '/admin/tts-generator', label: 'TTS Generator', description: 'Generate speech audio' },
      { to: '/admin/tts-library', label: 'TTS Library', description: 'Your saved audio' },
    ],
  },
  {
    title: 'AI prompt management',
    actions: [
      { to: '/admin/mirror-prompts', label: 'Mirror Prompts', description: 'Brief, detailed and deep analysis' },
      { to: '/admin/daily-wisdom-prompts', label: 'Daily Wisdom Prompts', description: 'The daily wisdom generator' },
      { to: '/admin/entry-analysis-prompts', label: 'Entry Analysis Prompts', description: 'How entries are analysed' },
      { to: '/admin/block-suggestion-prompts', label: 'Entry Suggestion Prompts', description: 'Suggestions for new entries' },
      { to: '/admin/public-chatbot', label: 'Public Chatbot', description: 'Landing-page assistant' },
      { to: '/admin/internal-chatbot', label: 'Internal Chatbot', description: 'In-app help assistant' },
    ],
  },
  {
    title: 'Privacy and legal',
    actions: [{ to: '/admin/privacy-intentions', label: 'Privacy Intentions', description: 'The privacy document and its versions' }],
  },
];
