import { Link } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { Tooltip } from '../components/Tooltip.js';

/** Which project the shell is connected to, with a way to change it. */
export function ProfileBadge() {
  const info = useOp('app', 'info', {});
  const profile = info.data?.data.profile;
  if (!profile) return null;
  return (
    <Tooltip content="Change connection">
      <Link to="/settings" className="profile-badge">
        <span className={`dot ${profile.kind === 'embedded' ? 'dot-demo' : 'dot-live'}`} aria-hidden="true" />
        <span className="profile-badge-name">{profile.name}</span>
      </Link>
    </Tooltip>
  );
}
