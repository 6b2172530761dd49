/**
 * The toolkit's progress rules (spec 1, sections 4, 5, 8, 9), pure so the screen and main apply the same ones.
 * Steps are numbered from 0 in the order of the tool's steps; responses are keyed by that number.
 */
export interface ToolProgress {
  readonly completedSteps: readonly number[];
  readonly stepResponses: Readonly<Record<string, string>>;
}

export const RESPONSE_PREVIEW_LENGTH = 100;
/** Long enough for a considered answer; a bound so one response cannot grow the local database without end. */
export const MAX_RESPONSE_LENGTH = 10_000;

export const TOOLKIT_MESSAGES = {
  incomplete: { title: 'Incomplete Responses', description: 'Please add text responses to all completed steps before saving.' },
  saved: (title: string) => ({ title: 'Progress Saved', description: `Your progress on ${title} has been saved to your structure.` }),
  /** The spec requires a completed step but gives no wording: ours. */
  noneCompleted: 'Complete at least one step to save your progress.',
} as const;

export const EMPTY_PROGRESS: ToolProgress = { completedSteps: [], stepResponses: {} };

/** The same steps done and the same responses, whatever the order they were given in: nothing left to save. */
export function sameProgress(a: ToolProgress, b: ToolProgress): boolean {
  const steps = (p: ToolProgress) => [...new Set(p.completedSteps)].sort((x, y) => x - y).join(',');
  const responses = (p: ToolProgress) =>
    JSON.stringify(
      Object.entries(p.stepResponses)
        .filter(([, v]) => v !== '')
        .sort(([x], [y]) => Number(x) - Number(y)),
    );
  return steps(a) === steps(b) && responses(a) === responses(b);
}

export function responseOf(progress: ToolProgress, step: number): string {
  return progress.stepResponses[String(step)] ?? '';
}

export function isCompleted(progress: ToolProgress, step: number): boolean {
  return progress.completedSteps.includes(step);
}

const sorted = (steps: Iterable<number>): number[] => [...new Set(steps)].sort((a, b) => a - b);

/** Clicking a step: without a response it asks for one (the dialog); with one it toggles completion. */
export function clickStep(
  progress: ToolProgress,
  step: number,
): { readonly openDialog: true } | { readonly openDialog: false; readonly progress: ToolProgress } {
  if (responseOf(progress, step) === '') return { openDialog: true };
  const completed = isCompleted(progress, step) ? progress.completedSteps.filter((s) => s !== step) : sorted([...progress.completedSteps, step]);
  return { openDialog: false, progress: { ...progress, completedSteps: completed } };
}

/** Saving the dialog: a non-empty response completes the step, an empty one removes it and uncompletes the step. */
export function saveResponse(progress: ToolProgress, step: number, response: string): ToolProgress {
  const responses: Record<string, string> = { ...progress.stepResponses };
  if (response === '') {
    delete responses[String(step)];
    return { completedSteps: progress.completedSteps.filter((s) => s !== step), stepResponses: responses };
  }
  responses[String(step)] = response;
  return { completedSteps: sorted([...progress.completedSteps, step]), stepResponses: responses };
}

export type SaveProblem =
  { readonly kind: 'none-completed'; readonly message: string } | { readonly kind: 'incomplete'; readonly title: string; readonly description: string };

/**
 * Why the progress cannot be saved, or null. A response of only spaces completes its step (it is not empty),
 * but is not a text response, so it is caught here.
 */
export function saveProblem(progress: ToolProgress): SaveProblem | null {
  if (progress.completedSteps.length === 0) return { kind: 'none-completed', message: TOOLKIT_MESSAGES.noneCompleted };
  if (progress.completedSteps.some((s) => responseOf(progress, s).trim() === '')) return { kind: 'incomplete', ...TOOLKIT_MESSAGES.incomplete };
  return null;
}

/** The first 100 characters of a response, with an ellipsis when there is more. */
export function responsePreview(response: string): string {
  const chars = [...response];
  return chars.length > RESPONSE_PREVIEW_LENGTH ? `${chars.slice(0, RESPONSE_PREVIEW_LENGTH).join('')}…` : response;
}

/** Progress limited to the tool's steps: no unknown step, no duplicates, in step order. */
export function normaliseProgress(progress: ToolProgress, stepCount: number): ToolProgress {
  const inRange = (s: number) => Number.isInteger(s) && s >= 0 && s < stepCount;
  const responses: Record<string, string> = {};
  for (const [key, text] of Object.entries(progress.stepResponses)) {
    if (/^\d+$/.test(key) && inRange(Number(key)) && text !== '') responses[key] = text;
  }
  return { completedSteps: sorted(progress.completedSteps.filter(inRange)), stepResponses: responses };
}
