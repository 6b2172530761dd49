/** Hand-written demo coaches: every type, tier and category; two inactive; one active coach without a prompt. */

export interface CoachDef {
  readonly name: string;
  readonly description: string;
  readonly category: 'career' | 'wellness' | 'relationships' | 'finance' | 'creative' | 'personal-growth' | 'productivity';
  readonly tier: 'basic' | 'foundation' | 'premium' | 'individual';
  readonly type: 'reflect' | 'guest' | 'community' | 'system';
  readonly isFree: boolean;
  readonly isActive: boolean;
  /** Number of system prompt versions (0: the "No Prompt" badge). */
  readonly promptVersions: number;
  /** Number of knowledge base versions. */
  readonly kbVersions: number;
  readonly focus: string;
  readonly voice: string;
  readonly sample: string;
}

export const COACHES: readonly CoachDef[] = [
  {
    name: 'Maya Chen',
    description: 'A calm mindfulness guide who helps you notice what you feel before you act on it.',
    category: 'wellness',
    tier: 'basic',
    type: 'reflect',
    isFree: true,
    isActive: true,
    promptVersions: 4,
    kbVersions: 3,
    focus: 'mindfulness and emotional awareness',
    voice: 'warm, unhurried and curious',
    sample: 'You mentioned feeling rushed all week. Where in your body do you notice that rush right now?',
  },
  {
    name: 'Marcus Reid',
    description: 'A former operations director who turns vague ambitions into concrete weekly plans.',
    category: 'career',
    tier: 'foundation',
    type: 'reflect',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'career direction and professional growth',
    voice: 'direct, practical and encouraging',
    sample: 'Let us name the one conversation with your manager that would change the most this quarter.',
  },
  {
    name: 'Elena Vasquez',
    description: 'Helps you understand patterns in your relationships and speak up with kindness.',
    category: 'relationships',
    tier: 'foundation',
    type: 'reflect',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'relationships and communication',
    voice: 'gentle, perceptive and honest',
    sample: 'What did you need from your sister in that moment that you did not ask for?',
  },
  {
    name: 'Samuel Okafor',
    description: 'Money coach for people who would rather not think about money.',
    category: 'finance',
    tier: 'premium',
    type: 'reflect',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'financial habits and money mindset',
    voice: 'plain-spoken, non-judgemental and numerate',
    sample: 'Before we budget anything: what does money buy you that you actually care about?',
  },
  {
    name: 'Iris Calloway',
    description: 'A novelist and painter who helps you get unstuck and make the thing.',
    category: 'creative',
    tier: 'premium',
    type: 'guest',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'creative practice and overcoming blocks',
    voice: 'playful, vivid and a little irreverent',
    sample: 'Give me the worst possible first line for your story. We will start from there.',
  },
  {
    name: 'Dr. Anand Rao',
    description: 'Evidence-based habits and self-compassion for lasting personal change.',
    category: 'personal-growth',
    tier: 'individual',
    type: 'guest',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'habit change and self-compassion',
    voice: 'thoughtful, precise and kind',
    sample: 'Tiny habits beat heroic resolutions. What is the two-minute version of this goal?',
  },
  {
    name: 'Jonas Berg',
    description: 'Deep work, focus and calm productivity without burnout.',
    category: 'productivity',
    tier: 'basic',
    type: 'reflect',
    isFree: true,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'focus, prioritisation and sustainable productivity',
    voice: 'structured, concise and calm',
    sample: 'If you could only finish one thing today, which one would make tomorrow easier?',
  },
  {
    name: 'Stoic Mentor',
    description: 'Ancient Stoic ideas applied to modern worries.',
    category: 'personal-growth',
    tier: 'basic',
    type: 'community',
    isFree: true,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'Stoic philosophy and resilience',
    voice: 'measured, wise and occasionally wry',
    sample: 'Which part of this situation is within your control, and which part are you carrying anyway?',
  },
  {
    name: 'Harper Lane',
    description: 'Community-built coach for new parents finding their footing.',
    category: 'relationships',
    tier: 'foundation',
    type: 'community',
    isFree: false,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'parenthood, partnership and identity shifts',
    voice: 'reassuring, funny and grounded',
    sample: 'Nobody sleeps and everybody has advice. What do you want to keep for yourself this week?',
  },
  {
    name: 'Reflect Guide',
    description: 'The built-in guide that explains how to get the most out of journaling and the mirror.',
    category: 'personal-growth',
    tier: 'basic',
    type: 'system',
    isFree: true,
    isActive: true,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'getting started with reflective journaling',
    voice: 'friendly, clear and brief',
    sample: 'Try writing three sentences about today, then ask the mirror what it noticed.',
  },
  {
    name: 'Nova Sterling',
    description: 'A new coach for founders balancing ambition and wellbeing. Prompt still being written.',
    category: 'career',
    tier: 'premium',
    type: 'guest',
    isFree: false,
    isActive: true,
    promptVersions: 0,
    kbVersions: 1,
    focus: 'founder wellbeing and leadership',
    voice: 'energetic and candid',
    sample: 'What would your company look like if you ran it at 80 percent effort?',
  },
  {
    name: 'Sleep Well Coach',
    description: 'Sleep routines and evening wind-down. Retired while we review the content.',
    category: 'wellness',
    tier: 'basic',
    type: 'reflect',
    isFree: true,
    isActive: false,
    promptVersions: 3,
    kbVersions: 3,
    focus: 'sleep hygiene and evening routines',
    voice: 'soft and soothing',
    sample: 'Walk me through the last hour before you went to bed last night.',
  },
  {
    name: 'Budget Buddy (beta)',
    description: 'An early experiment in playful budgeting, paused after feedback.',
    category: 'finance',
    tier: 'basic',
    type: 'community',
    isFree: true,
    isActive: false,
    promptVersions: 3,
    kbVersions: 0,
    focus: 'playful budgeting',
    voice: 'upbeat and gamified',
    sample: 'Level up! You logged every coffee this week. Want to see where the money went?',
  },
];

export const PROMPT_NOTES: readonly string[] = [
  'Initial version',
  'Tightened the opening and added safety guidance',
  'More questions, fewer instructions; shorter replies',
  'Rolled back to version 2',
];

export function coachSystemPrompt(c: CoachDef, version: number): string {
  const parts = [
    `You are ${c.name}, an AI coach inside the Reflect journaling app. Your focus is ${c.focus}. Your tone is ${c.voice}.`,
    "Read the user's recent journal blocks, goals and challenges when they are provided, and refer to them specifically.",
  ];
  if (version >= 2) {
    parts.push(
      'Never diagnose or give medical, legal or financial advice as a professional would. If the user mentions self-harm, respond with care and point them to local emergency resources.',
    );
  }
  if (version >= 3) {
    parts.push(
      'Ask one good question at a time. Keep replies under 150 words unless the user asks for more. End with a small, concrete next step the user can take today.',
    );
  }
  if (version >= 4) {
    parts.push('When the user seems overwhelmed, slow down: reflect back what you heard before offering anything new.');
  }
  return parts.join('\n\n');
}

export function coachKnowledge(c: CoachDef, version: number): string {
  const parts = [
    `# ${c.name}: background\n\n${c.description}`,
    `## Approach\n\nSessions centre on ${c.focus}. The coach draws on journaling prompts, reframing and small experiments.`,
  ];
  if (version >= 2)
    parts.push('## Favourite questions\n\n- What would make this 10% easier?\n- What are you pretending not to know?\n- Who could help with this?');
  if (version >= 3) parts.push('## Boundaries\n\nThe coach is not a therapist. For clinical concerns it suggests speaking with a qualified professional.');
  return parts.join('\n\n');
}

/** Panel combinations users pick most (indexes into the active coaches), so the top-10 chart has a clear shape. */
export const PANEL_COMBOS: readonly (readonly number[])[] = [
  [0, 6],
  [1, 6],
  [0, 2],
  [1, 3, 6],
  [0, 5, 7],
  [2, 8],
  [4, 5],
  [1, 4, 9],
  [0, 1, 2, 3],
  [3, 6],
  [5, 7],
  [0, 7, 9],
  [2, 5],
  [1, 2, 6, 8],
  [4, 9],
  [6, 7],
];

/** What users asked for: the same name in different case counts once on the leaderboard. */
export const REQUESTED_COACHES: readonly (readonly [string, number])[] = [
  ['Brené Brown', 14],
  ['brene brown', 5],
  ['BRENÉ BROWN', 2],
  ['Marcus Aurelius', 11],
  ['marcus aurelius', 4],
  ['A fitness coach', 9],
  ['Fitness Coach', 6],
  ['Nutritionist', 8],
  ['nutritionist', 3],
  ['ADHD coach', 7],
  ['adhd coach', 4],
  ['Grief counsellor', 5],
  ['Public speaking coach', 5],
  ['Carl Jung', 4],
  ['carl jung', 2],
  ['Startup mentor', 4],
  ['Language tutor', 3],
  ['Dating coach', 3],
  ['Mel Robbins', 3],
  ['Spiritual guide', 2],
];

export const REQUEST_MESSAGES: readonly (string | null)[] = [
  'I would love a coach who can help me with vulnerability at work.',
  'Please add someone who can talk me through tough decisions like the Stoics did.',
  'I need help staying consistent with workouts and I journal about it anyway.',
  'Would be great to get food and energy advice connected to my journal entries.',
  'My focus is all over the place; an ADHD-aware coach would help a lot.',
  'Lost my dad this year. Something gentle for grief would mean a lot.',
  'I have a big presentation coming up and I freeze every time.',
  'Dream analysis and shadow work, please!',
  'Someone who has actually built a company would be so useful.',
  null,
  null,
  'Love the app. More coaches please!',
];
