/**
 * The self-reflection toolkit (spec 1): six guided exercises in three categories. The spec names the tools and
 * their fields; the wording of the steps is ours (spec README).
 */
export type ToolCategory = 'focus' | 'communication' | 'resilience';
export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

export interface ToolStep {
  readonly title: string;
  readonly prompt: string;
}

export interface ToolkitTool {
  readonly id: string;
  readonly category: ToolCategory;
  readonly title: string;
  readonly description: string;
  /** A single emoji, decorative: the title names the tool. */
  readonly icon: string;
  readonly timeEstimate: string;
  readonly difficulty: Difficulty;
  readonly steps: readonly ToolStep[];
}

export const CATEGORY_FILTERS = [
  { id: 'all', label: 'All Tools' },
  { id: 'focus', label: 'Focus & Clarity' },
  { id: 'communication', label: 'Communication' },
  { id: 'resilience', label: 'Resilience' },
] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number]['id'];

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, string>> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

export const TOOLS: readonly ToolkitTool[] = [
  {
    id: 'strategic-thinking',
    category: 'focus',
    title: 'Strategic Thinking Framework',
    description: 'Step back from a decision, see the whole board and choose the move that serves your longer aim.',
    icon: '🧭',
    timeEstimate: '20-30 min',
    difficulty: 'advanced',
    steps: [
      { title: 'Name the decision', prompt: 'Write the decision in one sentence, and the date by which it has to be made.' },
      { title: 'Define success', prompt: 'A year from now, what would tell you this went well? List two or three signs you could actually observe.' },
      { title: 'Map the options', prompt: 'List at least three options, including "do nothing" and one you have been avoiding.' },
      { title: 'Weigh the trade-offs', prompt: 'For each option, note what it costs, what it risks and what it makes possible later.' },
      { title: 'Test your assumptions', prompt: 'Which belief, if it turned out wrong, would change your choice? How could you check it this week?' },
      { title: 'Commit to a first move', prompt: 'Choose an option and write the first concrete step, when you will take it and who needs to know.' },
    ],
  },
  {
    id: 'conversation-preparation',
    category: 'communication',
    title: 'Conversation Preparation',
    description: 'Get ready for a conversation that matters, so you say what you mean and hear what the other person needs.',
    icon: '💬',
    timeEstimate: '15-20 min',
    difficulty: 'intermediate',
    steps: [
      { title: 'Set your intention', prompt: 'Who is the conversation with, and what outcome would you be glad about afterwards?' },
      { title: 'State the facts', prompt: 'Describe what happened as a camera would have recorded it, without judgement or interpretation.' },
      { title: 'Notice your feelings', prompt: 'What do you feel about this, and what need of yours sits underneath that feeling?' },
      { title: 'Imagine their side', prompt: 'How might the other person see the same events? What might they be worried about or hoping for?' },
      { title: 'Write your opening', prompt: 'Draft the first two sentences you will say: calm, specific, and inviting a reply.' },
      { title: 'Plan for the hard moment', prompt: 'What reaction would be hardest to hear, and how will you respond while staying steady?' },
    ],
  },
  {
    id: 'quick-reset',
    category: 'resilience',
    title: 'Quick Reset Protocol',
    description: 'A five-minute reset for when stress spikes: settle your body, name what is going on and pick one next step.',
    icon: '⚡',
    timeEstimate: '5 min',
    difficulty: 'beginner',
    steps: [
      { title: 'Breathe', prompt: 'Take five slow breaths, breathing out longer than in. Then note how your body feels now.' },
      { title: 'Name it', prompt: 'In a few words, what just happened, and what emotion is strongest right now?' },
      { title: 'Sort what you control', prompt: 'List what is in your control in this situation and what is not.' },
      { title: 'One next step', prompt: 'Write one small action you can take in the next ten minutes.' },
    ],
  },
  {
    id: 'challenge-reframing',
    category: 'resilience',
    title: 'Challenge Reframing',
    description: 'Turn a setback into something you can work with by questioning the story you are telling about it.',
    icon: '🔄',
    timeEstimate: '10-15 min',
    difficulty: 'intermediate',
    steps: [
      { title: 'Describe the challenge', prompt: 'What is the situation that is weighing on you? Describe it plainly.' },
      { title: 'Catch the first story', prompt: 'What is the first thought you have about it, for example "this always happens to me"?' },
      { title: 'Look for evidence', prompt: 'What supports that thought, and what does not? Write down both sides honestly.' },
      { title: 'Find another angle', prompt: 'How would a friend you respect describe the same situation? What could it teach you?' },
      { title: 'Choose your response', prompt: 'With the new angle, what will you do differently next, and what support would help?' },
    ],
  },
  {
    id: 'perspective-taking',
    category: 'communication',
    title: 'Perspective Taking Exercise',
    description: 'Understand a disagreement from the inside of the other person, to find common ground and a next step.',
    icon: '👥',
    timeEstimate: '15 min',
    difficulty: 'intermediate',
    steps: [
      { title: 'Pick the situation', prompt: 'Which disagreement or relationship do you want to understand better, and with whom?' },
      { title: 'Your view', prompt: 'Summarise your own position and the values behind it in three sentences.' },
      { title: 'Their view', prompt: 'Write their position in the first person, as they would put it at their most reasonable.' },
      { title: 'Common ground', prompt: 'What do you both want, fear or care about? Name at least one shared interest.' },
      { title: 'A bridge', prompt: 'What could you say or do that acknowledges their view and moves things forward?' },
    ],
  },
  {
    id: 'capability-assessment',
    category: 'focus',
    title: 'Capability Assessment',
    description: 'Take stock of your strengths and gaps for a goal, and plan how you will grow into it.',
    icon: '📊',
    timeEstimate: '20 min',
    difficulty: 'beginner',
    steps: [
      { title: 'Choose the goal', prompt: 'What goal or role are you assessing yourself against, and why does it matter to you now?' },
      { title: 'List your strengths', prompt: 'Which skills, experiences and habits already help you here? Give an example for each.' },
      { title: 'Spot the gaps', prompt: 'What is missing or unreliable today? Rate each gap from 1 (small) to 5 (large).' },
      { title: 'Ask for a view', prompt: 'Whose feedback would sharpen this picture? Write the question you will ask them.' },
      { title: 'Plan the growth', prompt: 'Pick the one gap worth closing first and write how you will practise it over the next month.' },
    ],
  },
];

export function findTool(id: string): ToolkitTool | undefined {
  return TOOLS.find((t) => t.id === id);
}

export function filterTools(filter: CategoryFilter, tools: readonly ToolkitTool[] = TOOLS): readonly ToolkitTool[] {
  return filter === 'all' ? tools : tools.filter((t) => t.category === filter);
}
