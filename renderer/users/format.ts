/**
 * How the users screens write dates and counts: the administrator's locale and time zone. One formatter of
 * each kind, made once: toLocaleDateString() builds a new one per call, which a list redrawing its rows feels.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const countFormat = new Intl.NumberFormat();

function format(f: Intl.DateTimeFormat, iso: string | null | undefined, missing: string): string {
  if (!iso) return missing;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? missing : f.format(d);
}

export const formatDate = (iso: string | null | undefined, missing = 'Never'): string => format(dateFormat, iso, missing);
export const formatDateTime = (iso: string | null | undefined, missing = 'Never'): string => format(dateTimeFormat, iso, missing);
export const formatCount = (n: number): string => countFormat.format(n);
