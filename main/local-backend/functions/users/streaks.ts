/**
 * Journaling streaks from the distinct days (UTC, yyyy-mm-dd, ascending) on which a user wrote a block.
 * Current: the run of consecutive days that ends today or yesterday (today may still come); longest: the longest run.
 */
const DAY_MS = 86_400_000;

const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

export function streaks(days: readonly string[], now: Date): { current: number; longest: number } {
  const nums = [...new Set(days.map(dayNumber))].filter(Number.isFinite).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < nums.length; i++) {
    run = i > 0 && nums[i] === (nums[i - 1] as number) + 1 ? run + 1 : 1;
    if (run > longest) longest = run;
  }
  const today = Math.floor(now.getTime() / DAY_MS);
  const last = nums[nums.length - 1];
  if (last === undefined || last < today - 1) return { current: 0, longest };
  // `run` is the run that ends on the last day written.
  return { current: run, longest };
}
