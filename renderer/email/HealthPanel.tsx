import { useOp } from '../api/hooks.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { QueryView } from '../components/QueryView.js';
import { formatDateTime, formatPercent } from '../lib/format.js';
import { HEALTH_REFRESH_MS, TOP_SHOWN, typeBadgeTone, type HealthGrade } from '../../shared/rules/email/health.js';
import { ADMIN_MESSAGES } from '../../shared/rules/email/admin-users.js';

const GRADE_TONE: Record<HealthGrade, BadgeTone> = { excellent: 'success', good: 'info', warning: 'warning', critical: 'danger', unknown: 'neutral' };
const percent = (v: number | null) => (v === null ? '-' : formatPercent(v));

/** Delivery health of the last 24 hours; refreshes itself every 300 s and by hand. */
export function HealthPanel() {
  const health = useOp('email', 'health', {}, { refetchInterval: HEALTH_REFRESH_MS });
  return (
    <Card
      title="Email Health (last 24 hours)"
      actions={
        <Button onClick={() => void health.refetch()} busy={health.isFetching} aria-label="Refresh email health">
          Refresh
        </Button>
      }
    >
      <QueryView query={health} loadingLabel="Loading email health..." errorPrefix={`${ADMIN_MESSAGES.statsFailed}: `}>
        {(h) => (
          <div className="email-health" data-testid="email-health">
            <p>
              Success rate <strong data-testid="health-rate">{percent(h.successRate)}</strong>{' '}
              <span data-testid="health-grade">
                <Badge tone={GRADE_TONE[h.grade]}>{h.grade}</Badge>
              </span>
            </p>
            <p className="muted">
              <span data-testid="health-sent">{h.sent}</span> sent · <span data-testid="health-failed">{h.failed}</span> failed ·{' '}
              <span data-testid="health-total">{h.total}</span> total
            </p>
            <div className="email-health-columns">
              <section aria-label="Top notification types">
                <h3 className="email-subtitle">Top notification types</h3>
                {h.topTypes.length === 0 ? <p className="muted">No notifications in the last 24 hours</p> : null}
                <ul className="email-list" data-testid="health-types">
                  {h.topTypes.slice(0, TOP_SHOWN).map((t) => (
                    <li key={t.type}>
                      {t.type} ({t.total}) <Badge tone={typeBadgeTone(t.successRate)}>{percent(t.successRate)}</Badge>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-label="Recent failures">
                <h3 className="email-subtitle">Recent failures</h3>
                {h.recentFailures.length === 0 ? <p className="muted">No failures</p> : null}
                <ul className="email-list" data-testid="health-failures">
                  {h.recentFailures.slice(0, TOP_SHOWN).map((f, i) => (
                    <li key={i}>
                      <strong>{f.type}</strong>: {f.error} <span className="muted">{formatDateTime(f.at)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          </div>
        )}
      </QueryView>
    </Card>
  );
}
