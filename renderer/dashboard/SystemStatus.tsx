import { Card } from '../components/Card.js';

const SERVICES = ['Database', 'Edge Functions', 'Authentication'];

/** A static card, as in the original (spec 1): it lists the services, it does not probe them. */
export function SystemStatus() {
  return (
    <Card title="System Status">
      <ul className="status-list">
        {SERVICES.map((s) => (
          <li key={s}>
            <span>{s}</span>
            <span className="status-ok">
              <span className="dot dot-live" aria-hidden="true" /> Operational
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
