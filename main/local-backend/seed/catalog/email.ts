/** E-mail engagement demo content (spec 3): templates of every type and approval state, triggers and campaigns. */

const footer = '<p style="color:#888;font-size:12px">{{company_name}}, {{company_address}} · <a href="{{unsubscribe_link}}">Unsubscribe</a></p>';

export const EMAIL_TEMPLATES = [
  {
    name: 'Welcome to Reflect',
    type: 'onboarding',
    category: 'welcome',
    subject: 'Welcome to Reflect, {{user_email}}',
    active: true,
    approval: 'approved',
    version: 2,
    ai: false,
    fields: ['user_email', 'signup_date'],
    body: 'Thanks for joining on {{signup_date}}. Start with three sentences about today.',
  },
  {
    name: 'Day 3: meet the coaches',
    type: 'onboarding',
    category: 'education',
    subject: 'Have you met {{favorite_coach}} yet?',
    active: true,
    approval: 'approved',
    version: 1,
    ai: true,
    fields: ['favorite_coach'],
    body: 'Coaches read your entries and ask the questions you did not think to ask.',
  },
  {
    name: 'We miss you',
    type: 're_engagement',
    category: 'win-back',
    subject: 'Your journal misses you',
    active: true,
    approval: 'approved',
    version: 3,
    ai: true,
    fields: ['last_activity', 'total_blocks'],
    body: 'Your last entry was {{last_activity}}. You have written {{total_blocks}} blocks so far.',
  },
  {
    name: '7-day streak',
    type: 'milestone',
    category: 'celebration',
    subject: '{{streak_days}} days in a row!',
    active: true,
    approval: 'approved',
    version: 1,
    ai: false,
    fields: ['streak_days'],
    body: 'You have journaled {{streak_days}} days in a row. Keep going.',
  },
  {
    name: 'Goal reached',
    type: 'milestone',
    category: 'celebration',
    subject: 'You reached {{milestone_name}}',
    active: false,
    approval: 'pending',
    version: 1,
    ai: false,
    fields: ['milestone_name', 'goal_name'],
    body: 'You completed {{goal_name}}. Take a moment to write about how it felt.',
  },
  {
    name: 'Monthly insight',
    type: 'ai_insight',
    category: 'insight',
    subject: 'What your entries say this month',
    active: false,
    approval: 'draft',
    version: 1,
    ai: true,
    fields: ['total_blocks', 'favorite_coach', 'subscription_plan'],
    body: 'This month you wrote {{total_blocks}} blocks. Here is what stood out.',
  },
  {
    name: 'Coach panels launch',
    type: 'announcement',
    category: 'product',
    subject: 'New: ask a panel of coaches',
    active: true,
    approval: 'approved',
    version: 1,
    ai: false,
    fields: [],
    body: 'Ask up to four coaches the same question and compare their perspectives.',
  },
  {
    name: 'Price change notice (old)',
    type: 'announcement',
    category: 'billing',
    subject: 'An update to Premium pricing',
    active: false,
    approval: 'rejected',
    version: 2,
    ai: false,
    fields: ['subscription_plan'],
    body: 'We are updating the price of {{subscription_plan}}.',
  },
].map((t) => ({
  ...t,
  html: `<h1>${t.subject}</h1><p>${t.body}</p>${footer}`,
  text: `${t.body}\n\n{{company_name}}, {{company_address}}\nUnsubscribe: {{unsubscribe_link}}`,
}));

/** template: index into EMAIL_TEMPLATES. */
export const EMAIL_TRIGGERS = [
  { name: 'Welcome on sign-up', type: 'time_based', template: 0, active: true, conditions: { days_since_signup: 0, schedule_time: '09:00' } },
  {
    name: 'Coach introduction',
    type: 'time_based',
    template: 1,
    active: true,
    conditions: { days_since_signup: 3, schedule_time: '10:30', schedule_days: ['Tuesday', 'Thursday'] },
  },
  {
    name: 'Inactive for a week',
    type: 'activity_based',
    template: 2,
    active: true,
    conditions: { days_since_last_activity: 7, activity_threshold: 1, frequency: 'weekly' },
  },
  { name: 'Streak milestone', type: 'milestone_based', template: 3, active: true, conditions: { milestone_type: 'streak', streak_days: 7 } },
  { name: '50 blocks milestone', type: 'milestone_based', template: 4, active: false, conditions: { milestone_type: 'blocks', blocks_count: 50 } },
  { name: 'Monthly insight digest', type: 'time_based', template: 5, active: false, conditions: { frequency: 'monthly', schedule_time: '08:00' } },
] as const;

export const EMAIL_CAMPAIGNS = [
  { name: 'Panels launch broadcast', type: 'broadcast', status: 'completed', template: 6, recipients: 0.8, days: 40 },
  { name: 'Win-back spring', type: 'broadcast', status: 'completed', template: 2, recipients: 0.2, days: 25 },
  { name: 'Test: welcome copy', type: 'test', status: 'completed', template: 0, recipients: 0, days: 12 },
  { name: 'Streak celebration wave', type: 'broadcast', status: 'active', template: 3, recipients: 0.15, days: 2 },
  { name: 'Monthly insight pilot', type: 'broadcast', status: 'scheduled', template: 5, recipients: 0.1, days: 0 },
  { name: 'Holiday greeting draft', type: 'broadcast', status: 'draft', template: 6, recipients: 0.5, days: 1 },
  { name: 'Test: coach intro', type: 'test', status: 'active', template: 1, recipients: 0, days: 0 },
] as const;

export const SEGMENTS = [
  { name: 'Dormant journalers', description: 'No activity for 30+ days', filters: { activityLevel: 'inactive', daysSinceLastActivity: 30 }, share: 0.25 },
  { name: 'Goal setters', description: 'Active users with goals', filters: { activityLevel: 'moderate', hasGoals: true }, share: 0.3 },
  { name: 'Power users', description: 'Daily writers', filters: { activityLevel: 'high' }, share: 0.08 },
  { name: 'Challenge takers', description: 'Users working on a challenge', filters: { hasChallenges: true, activityLevel: 'low' }, share: 0.2 },
] as const;

export const QUEUE_TYPES = ['welcome_onboarding', 'coach_introduction', 're_engagement', 'streak_milestone', 'custom_campaign'] as const;

export const NOTIFICATION_TYPES = [
  'user_registration',
  'feedback_submission',
  'system_error',
  'coach_request',
  'data_export_complete',
  'professional_coach_inquiry',
  'security_alert',
  'system_maintenance',
] as const;

export const DELIVERY_ERRORS = [
  'SMTP 550: mailbox unavailable',
  'Rate limit exceeded by the e-mail provider',
  'Invalid recipient address',
  'Connection timed out after 30000 ms',
] as const;
