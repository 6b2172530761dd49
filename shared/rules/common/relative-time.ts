/** "Just now", "5 minutes ago", "In 3 hours", then dates: short relative times for lists. */
export function relativeTime(at: number, now: number): string {
  const diff = Math.round((now - at) / 1000);
  const future = diff < 0;
  const s = Math.abs(diff);
  if (s < 45) return 'Just now';
  const unit = s < 3600 ? ['minute', Math.round(s / 60)] : s < 86400 ? ['hour', Math.round(s / 3600)] : s < 86400 * 30 ? ['day', Math.round(s / 86400)] : null;
  if (!unit) return new Date(at).toISOString().slice(0, 10);
  const [name, n] = unit as [string, number];
  const text = `${n} ${name}${n === 1 ? '' : 's'}`;
  return future ? `In ${text}` : `${text} ago`;
}
