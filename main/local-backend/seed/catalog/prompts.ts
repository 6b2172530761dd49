/** Version histories of the prompt families (spec 2 and 3). The last version of each family is the active one. */

export interface PromptVersion {
  readonly content: string;
  readonly notes: string | null;
  readonly changeReason?: string;
}

const VARIETY = {
  daily_wisdom: [
    'Draw on a thinker from a different century than yesterday.',
    'Connect the wisdom to something the user wrote this week.',
    'Offer the idea as a question rather than a statement.',
    'Use a concrete image from nature.',
    'Keep it under 60 words.',
  ],
  mirror: [
    'Notice one thing the user did not say directly.',
    'Point out a strength the user showed.',
    "Use the user's own words once.",
    'End with an open question.',
  ],
};

export const PARAMS = {
  mirror: { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] as string[] },
  dailyWisdom: { temperature: 0.8, topK: 40, topP: 0.95, model: 'gemini-2.0-flash', variety_injection: true, variety_prompts: VARIETY.daily_wisdom },
  entryAnalysis: { temperature: 0.3, topK: 40, topP: 0.95, model: 'gemini-2.5-flash' },
  blockSuggestion: { temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash' },
  publicChatbot: { temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] as string[] },
  coach: { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] as string[] },
  coachCreative: {
    temperature: 0.9,
    topK: 50,
    topP: 0.98,
    model: 'gemini-2.5-flash',
    variety_injection: true,
    variety_prompts: ['Try an unexpected metaphor.', 'Suggest a five-minute creative exercise.'],
  },
} as const;

const mirrorBase: Record<'brief' | 'detailed' | 'deep', string> = {
  brief: 'We read the entry below and reflect back what we notice in 2-3 short paragraphs. We name the main feeling, one pattern, and one gentle question.',
  detailed:
    'We read the entry below and write a reflection of 4-6 paragraphs: what happened, what the writer seems to feel, the values underneath, patterns with earlier entries if given, and two questions to sit with.',
  deep: 'We read the entry below and offer a multi-section reflection with headings: Themes, Feelings, Beliefs at work, Strengths we notice, Questions for deeper reflection, and One small experiment.',
};

export function mirrorVersions(type: 'brief' | 'detailed' | 'deep'): PromptVersion[] {
  const base = mirrorBase[type];
  return [
    { content: `${base}\n\nEntry:\n{{BLOCK_CONTENT}}`, notes: 'Initial version' },
    { content: `${base} We never judge and we never diagnose.\n\nEntry:\n{{BLOCK_CONTENT}}`, notes: 'Added a no-judgement line' },
    {
      content: `${base} We never judge and we never diagnose. We quote the writer's own words at least once.\n\nEntry:\n{{BLOCK_CONTENT}}`,
      notes: 'Quote the writer once',
    },
  ];
}

export const DAILY_WISDOM_VERSIONS: PromptVersion[] = [
  {
    content: 'Write a short piece of daily wisdom (under 80 words) from a historical thinker, with their name and a one-line reflection for today.',
    notes: 'Initial version',
  },
  {
    content:
      'Write a short piece of daily wisdom (under 80 words) inspired by one of the active wisdom sources. Attribute it, then add one line connecting it to everyday life. Avoid clichés.',
    notes: 'Use wisdom sources; avoid clichés',
  },
  {
    content:
      "Write a short piece of daily wisdom (under 70 words) inspired by one of the active wisdom sources. Attribute it honestly (paraphrase, never invent quotes), then add one line connecting it to the user's recent themes: {{RECENT_THEMES}}.",
    notes: 'Personalise with recent themes; no invented quotes',
  },
];

export const ENTRY_ANALYSIS_VERSIONS: PromptVersion[] = [
  {
    content: 'Analyse the journal entry and return JSON with keys: themes (array), mood (string), tags (array, max 5).\n\nEntry: BLOCK_CONTENT',
    notes: 'Initial version',
  },
  {
    content:
      'Analyse the journal entry and return JSON with keys: themes, mood, tags (max 5, prefer EXISTING_TAGS), symbols.\n\nEntry: BLOCK_CONTENT\nExpanded: EXPANDED_CONTENT\nExisting tags: EXISTING_TAGS',
    notes: 'Reuse existing tags',
  },
  {
    content:
      "Analyse the journal entry in the context of the user's goals (USER_GOALS) and challenges (USER_CHALLENGES). Return JSON with keys: themes, mood, tags (max 5, prefer EXISTING_TAGS), symbols (see SYMBOLS_CONTEXT), goal_links, challenge_links.\n\nEntry: BLOCK_CONTENT\nExpanded: EXPANDED_CONTENT\nRecent themes: RECENT_THEMES",
    notes: 'Link entries to goals and challenges',
  },
  {
    content:
      "Analyse the journal entry in the context of the user's goals (USER_GOALS) and challenges (USER_CHALLENGES). Return strict JSON with keys: themes, mood, energy (1-5), tags (max 5, prefer EXISTING_TAGS), symbols (see SYMBOLS_CONTEXT), goal_links, challenge_links.\n\nEntry: BLOCK_CONTENT\nExpanded: EXPANDED_CONTENT\nRecent themes: RECENT_THEMES",
    notes: 'Add an energy score',
  },
];

export const BLOCK_SUGGESTION_VERSIONS: PromptVersion[] = [
  { content: "Suggest three journal prompts for tomorrow based on the user's last entries. One line each.", notes: 'Initial version' },
  {
    content:
      "Suggest three journal prompts for tomorrow based on the user's last entries and open goals. Mix one practical, one emotional and one playful prompt. One line each.",
    notes: 'Mix prompt kinds',
  },
  {
    content:
      "Suggest three journal prompts for tomorrow based on the user's last entries, open goals and unresolved challenges. Mix one practical, one emotional and one playful prompt; never repeat a prompt from the last week. One line each, no numbering.",
    notes: 'No repeats within a week',
  },
];

export const PUBLIC_CHATBOT_VERSIONS: (PromptVersion & { knowledge: string })[] = [
  {
    content: 'You are the friendly assistant on the Reflect website. Answer questions about the app briefly and invite visitors to try it.',
    notes: 'Initial version',
    knowledge: 'Reflect is a journaling app with AI coaches, a reflective mirror and daily wisdom.',
  },
  {
    content:
      'You are the friendly assistant on the Reflect website. Answer questions about journaling, AI coaches, pricing and privacy in under 80 words. Never claim to be a therapist.',
    notes: 'Pricing and privacy answers',
    knowledge:
      'Reflect is a journaling app with AI coaches, a reflective mirror and daily wisdom.\n\nPlans: Founders Free, Foundation Free Beta, Premium Monthly ($12), Premium Yearly ($99).\n\nPrivacy: entries are private; deletion within 30 days on request.',
  },
  {
    content:
      'You are the friendly assistant on the Reflect website. Answer questions about journaling, AI coaches, pricing and privacy in under 80 words. Never claim to be a therapist. If you do not know, say so and suggest the contact form.',
    notes: 'Admit uncertainty; point to the contact form',
    knowledge:
      'Reflect is a journaling app with AI coaches, a reflective mirror and daily wisdom.\n\nPlans: Founders Free, Foundation Free Beta, Premium Monthly ($12), Premium Yearly ($99).\n\nPrivacy: entries are private; deletion within 30 days on request; backups purged within 90 days.',
  },
];

export const INTERNAL_CHATBOT_VERSIONS: { title: string; content: string; knowledge: string; notes: string }[] = [
  {
    title: 'Admin helper v1',
    content: 'You help Reflect administrators find their way around the admin area.',
    knowledge: 'Admin routes live under /admin.',
    notes: 'Initial version',
  },
  {
    title: 'Admin helper v2',
    content: 'You help Reflect administrators find their way around the admin area. Answer with the screen name and route.',
    knowledge: 'Admin routes live under /admin. Coaches: /admin/coaches. Feedback: /admin/feedback.',
    notes: 'Name screens and routes',
  },
  {
    title: 'Admin helper v3',
    content:
      'You help Reflect administrators find their way around the admin area. Answer with the screen name and route, then the steps. Never reveal keys or passwords.',
    knowledge: 'Admin routes live under /admin. Coaches: /admin/coaches. Feedback: /admin/feedback. Marketing links: /admin/marketing-links.',
    notes: 'Steps; never reveal secrets',
  },
];

export const INTERNAL_KNOWLEDGE: { category: string; title: string; content: string }[] = [
  {
    category: 'Coaches',
    title: 'Creating a coach',
    content: 'Go to Coach Management, choose Add New Coach, give it a name, then write its system prompt on the edit screen.',
  },
  {
    category: 'Coaches',
    title: 'Rolling back a prompt',
    content: "Open the coach's History, find the version and choose Rollback. A new version is created with the old text.",
  },
  {
    category: 'Coaches',
    title: 'Why a coach shows No Prompt',
    content: 'The coach is active but has no active system prompt yet. Save a prompt on its edit screen.',
  },
  {
    category: 'Feedback',
    title: 'Triage',
    content: 'New feedback lands in the New column. Drag cards to Reviewed or In Progress; deleted items go to the trash.',
  },
  {
    category: 'Feedback',
    title: 'Restoring deleted feedback',
    content: 'Open Deleted Feedback, tick the items and choose Restore. They return with status new.',
  },
  {
    category: 'Marketing',
    title: 'Creating a tracking link',
    content: 'Marketing Links, then New. The slug becomes /r/{slug}. Turn on affiliate tracking for commissions.',
  },
  { category: 'Marketing', title: 'Commission statuses', content: 'Pending and approved commissions count as pending; paid commissions are shown separately.' },
  {
    category: 'Users',
    title: 'Deleting an account',
    content: 'Open the user, Danger Zone, Delete User Account. Give a reason of at least 10 characters and type the e-mail.',
  },
  {
    category: 'Users',
    title: 'Demo password',
    content: "The dashboard's demo password card sets the password of the public demo pages (6 characters or more).",
  },
  {
    category: 'Privacy',
    title: 'Publishing the privacy intentions',
    content: 'Edit the text, then Create New Version with a summary. The new version is active at once.',
  },
];
