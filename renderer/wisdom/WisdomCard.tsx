import type { WisdomSource } from '../../shared/rules/wisdom/types.js';
import { badgesOf, wisdomLabel } from '../../shared/rules/wisdom/fields.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';

interface Props {
  readonly source: WisdomSource;
  readonly toggling: boolean;
  readonly onEdit: () => void;
  readonly onToggle: () => void;
  readonly onDelete: () => void;
}

/** One wisdom source: its facts, four expertise badges then '+N more', and its actions. Text is shown as text. */
export function WisdomCard({ source: s, toggling, onEdit, onToggle, onDelete }: Props) {
  const { shown, more } = badgesOf(s.expertiseAreas);
  return (
    <>
      <header className="wisdom-card-header">
        <h2 className="wisdom-card-title">{s.name}</h2>
        <Badge tone={s.isActive ? 'success' : 'neutral'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
      </header>
      <p className="wisdom-card-meta">
        <Badge tone="info">{wisdomLabel(s.category)}</Badge>
        {s.timePeriod ? <span>{wisdomLabel(s.timePeriod)}</span> : null}
        {s.culturalBackground ? <span>{s.culturalBackground}</span> : null}
      </p>
      <p className="wisdom-card-description">{s.description}</p>
      {s.expertiseAreas.length ? (
        <ul className="wisdom-badges" aria-label={`Expertise of ${s.name}`}>
          {shown.map((a) => (
            <li key={a}>
              <Badge tone="accent">{wisdomLabel(a)}</Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge>+{more} more</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="wisdom-card-actions">
        <Button onClick={onEdit} aria-label={`Edit ${s.name}`}>
          Edit
        </Button>
        <Button onClick={onToggle} busy={toggling} aria-label={`${s.isActive ? 'Deactivate' : 'Activate'} ${s.name}`}>
          {s.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="danger" onClick={onDelete} aria-label={`Delete ${s.name}`}>
          Delete
        </Button>
      </div>
    </>
  );
}
