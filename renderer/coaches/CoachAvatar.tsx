/** A coach's avatar, or its initials when it has none. */
export function CoachAvatar({ name, url, size = 'small' }: { readonly name: string; readonly url: string | null; readonly size?: 'small' | 'large' }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return url ? (
    <img className={`coach-avatar coach-avatar-${size}`} src={url} alt={`${name} avatar`} />
  ) : (
    <span className={`coach-avatar coach-avatar-${size} coach-avatar-initials`} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
