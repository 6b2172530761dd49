/** Word lists for generated rows. Bulk SQL picks from them at random; keep them short and realistic. */

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Amara',
  'Kenji',
  'Priya',
  'Diego',
  'Zoe',
  'Omar',
  'Hannah',
  'Leo',
  'Chloe',
  'Ravi',
  'Ingrid',
  'Tomás',
  'Nia',
  'Felix',
  'Yuki',
  'Sam',
  'Lena',
  'Ahmed',
  'Grace',
  'Julian',
  'Aisha',
  'Finn',
  'Isla',
  'Mohammed',
  'Elif',
  'Jonah',
  'Sara',
  'Wei',
  'Camila',
  'Theo',
];

export const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Chen',
  'Okafor',
  'Müller',
  'Rossi',
  'Nguyen',
  'Patel',
  'Kowalski',
  'Johansson',
  'Silva',
  'Kim',
  'Haddad',
  'Brown',
  'Dubois',
  'Tanaka',
  'Novak',
  'Walker',
  'Ibrahim',
  'Larsen',
  'Moreau',
  'Singh',
  'Costa',
  'Murphy',
  'Fischer',
  'Ali',
  'Reyes',
  'Andersen',
  'Cohen',
  'Ward',
];

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com', 'inbox.example.org'];

export const BLOCK_TITLES = [
  'Morning pages',
  'A slow Sunday',
  'After the meeting',
  'Gratitude list',
  'Why am I so tired?',
  'Small wins',
  'Letter to my future self',
  'Running notes',
  'Hard conversation',
  'What I learned this week',
  'Evening check-in',
  'Unexpected joy',
  'Money worries',
  'New job, first week',
  'Dream I keep having',
  null,
  null,
  null,
];

export const BLOCK_OPENERS = [
  'Woke up before the alarm today and sat with coffee for ten minutes.',
  'The meeting went better than I expected.',
  'I snapped at Alex this morning and I have been thinking about it all day.',
  'Finally went for the run I kept postponing.',
  'Three things I am grateful for: the sun, a good call with Mum, and leftovers.',
  'Work felt heavy again.',
  'I noticed I was scrolling to avoid the report.',
  'Had a long walk by the river after lunch.',
  'Today I said no to something, and the world did not end.',
  'Slept badly and felt foggy until noon.',
  'We finally talked about the move.',
  'I keep comparing myself to people from university.',
];

export const BLOCK_MIDDLES = [
  'I think the real issue is that I do not feel heard.',
  'It reminded me how much I need quiet time to think.',
  'Part of me wants to quit, part of me wants to prove I can do it.',
  'When I slowed down, the anxiety got smaller.',
  'I want to be more patient with myself.',
  'The plan is simple; doing it is the hard part.',
  'I am proud of how I handled it, even if it was messy.',
  'Maybe I am more tired than sad.',
  'It is strange how a small kindness changes the whole day.',
  'I notice I avoid asking for help.',
];

export const BLOCK_CLOSERS = [
  'Tomorrow: one focused hour before email.',
  'Going to bed early tonight.',
  'I will call her this weekend.',
  'Next step: write the first paragraph, nothing more.',
  'Good enough for today.',
  'Note to self: breathe first, answer second.',
  '',
  '',
];

export const BLOCK_TAGS = ['work', 'family', 'health', 'gratitude', 'anxiety', 'focus', 'sleep', 'relationships', 'money', 'creativity', 'growth'];

export const GOAL_TITLES = [
  'Journal five days a week',
  'Run a 10k',
  'Read 20 books this year',
  'Save an emergency fund',
  'Learn conversational Spanish',
  'Sleep before 11pm',
  'Ship my side project',
  'Meditate 10 minutes daily',
  'Ask for a raise',
  'Call my parents weekly',
  'Finish the first draft of my novel',
  'Cut down on social media',
];

export const CHALLENGE_TITLES = [
  'Imposter syndrome at work',
  'Procrastinating on big tasks',
  'Conflict with my manager',
  'Feeling lonely after the move',
  'Overthinking at night',
  'Saying yes to everything',
  'Burnout',
  'Comparing myself to others',
  'Money anxiety',
  'Staying consistent',
];

export const REFLECTIONS = [
  'We notice how often you mention needing space to think. Quiet seems to be a value for you, not a luxury.',
  'There is pride underneath the frustration here: you handled something difficult with care.',
  'You describe the same tiredness three times. What might rest look like if it did not have to be earned?',
  'We hear a tension between wanting to belong and wanting to stand out. Both can be true.',
  'Your entries this week are kinder to yourself than last week. That shift matters.',
  'The small step you named for tomorrow is concrete and doable. That is a strength.',
];

export const USER_MESSAGES = [
  'I keep putting off the hardest task on my list. Why do I do that?',
  'How do I tell my partner I need more time alone without hurting them?',
  'I had a rough day at work. Can we talk it through?',
  'What is a realistic morning routine for someone who hates mornings?',
  'I want to save more but every month something comes up.',
  'I feel stuck in my career and I do not know what I want.',
  'Can you help me prepare for a difficult conversation?',
  'I wrote about feeling anxious again. Is there a pattern?',
  'Thanks, that helps. What should I try first?',
  'Okay, I will try that tomorrow.',
];

export const ASSISTANT_MESSAGES = [
  'That sounds heavy. Before we solve anything, what part of it feels most urgent to you right now?',
  'It is common to avoid tasks that feel ambiguous. What would the very first, smallest step be?',
  'You mentioned this a few times in your journal. What do you think it is protecting you from?',
  'One approach: name the need, not the complaint. Something like "I need an hour to recharge after work."',
  'Let us make it concrete: which day this week could you try it, and what might get in the way?',
  'That is a real insight. How does it feel to say it out loud?',
  'Try a two-minute version first. Consistency matters more than intensity at the start.',
  'I notice you are being hard on yourself. What would you say to a friend in the same spot?',
];

export const PANEL_QUESTIONS = [
  'Should I take the new job offer or stay?',
  'How do I rebuild a morning routine after a hard month?',
  'What should I focus on this quarter?',
  'How do I handle a friend who always cancels?',
  'Is it time to start my own business?',
];

export const FEEDBACK_ITEMS = [
  { type: 'bug', title: 'Mirror reflection never finishes loading', description: 'On the detailed style the spinner keeps going.\nHappens on Safari 17.' },
  { type: 'bug', title: 'Streak reset even though I journaled yesterday', description: 'I wrote an entry at 23:50 and my streak went back to 0.' },
  { type: 'bug', title: 'Coach replies cut off mid-sentence', description: 'Marcus stops in the middle of a list.' },
  { type: 'feature', title: 'Export my journal as PDF', description: 'I would love a nicely formatted PDF of a month of entries.' },
  { type: 'feature', title: 'Dark mode for the editor', description: 'Writing at night is hard on the eyes.\nA dark editor would help a lot.' },
  { type: 'feature', title: 'Reminders at a custom time', description: 'Let me pick when the daily reminder arrives.' },
  { type: 'feature', title: 'Voice journaling', description: 'Record an entry and get it transcribed.' },
  { type: 'general', title: 'Love the daily wisdom', description: 'The Seneca quote today was exactly what I needed.' },
  { type: 'general', title: 'Pricing question', description: 'Is the yearly plan refundable if I cancel in the first month?' },
  { type: 'general', title: 'Coach panel is amazing', description: 'Asking three coaches at once changed how I decide things.' },
] as const;

export const FEEDBACK_TAGS = [
  'bug',
  'bug-fixed',
  'feature',
  'feature-implemented',
  'enhancement',
  'wontfix',
  'duplicate',
  'invalid',
  'ui',
  'ux',
  'performance',
  'security',
  'documentation',
  'mobile',
  'desktop',
];

export const CONTACT_MESSAGES = [
  'Do you offer team or company plans?',
  'I cannot sign in after changing my e-mail address.',
  'Are my entries used to train AI models?',
  'We would love to feature Reflect in our newsletter.',
  'How do I delete my account and data?',
  'Is there an Android app coming?',
  'Press inquiry: could we interview the founders?',
  'I was charged twice this month.',
];

export const COACH_INQUIRY_MESSAGES = [
  'I am a certified life coach with ten years of practice and would love to contribute a coach persona.',
  'As a sports psychologist I think athletes would benefit from a dedicated coach.',
  'I run a mindfulness studio and could help shape a meditation coach.',
  'I am a financial planner interested in partnering on the money coach.',
  'Career counsellor here; happy to share frameworks for career changers.',
];
