import { useEffect, useState } from 'react';
import {
  FEATURE_KEYS,
  FLAG_EXPIRING_DAYS,
  FLAG_MESSAGES,
  FLAG_SCOPES,
  filterOverrides,
  flagState,
  grantedAgo,
  relativeTime,
  type FlagOverride,
  type FlagScope,
} from '../../shared/rules/flags/flags.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { Badge } from '../components/Badge.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { StatCards } from '../components/StatCards.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatDate, formatDateTime } from '../lib/format.js';
import { GrantFlagDialog } from './GrantFlagDialog.js';
import { useScreenAction } from '../lib/screen-actions.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';
import { Tooltip } from '../components/Tooltip.js';

const STATE_BADGE = { active: ['success', 'Active'], expired: ['danger', 'Expired'], revoked: ['neutral', 'Revoked'] } as const;

/** Overrides grouped by user, in the order of each user's newest grant. */
function byUser(list: readonly FlagOverride[]): FlagOverride[][] {
  const groups = new Map<string, FlagOverride[]>();
  for (const f of list) groups.set(f.userId, [...(groups.get(f.userId) ?? []), f]);
  return [...groups.values()];
}

/** Re-reads the clock each minute so 'in 3 days' and the expired state stay true while the page is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const KEYS = ['all', ...FEATURE_KEYS] as const;
/** The list's state in the address: ?search=…&key=…&scope=all (?scope=expiring: the dashboard's "expiring within 7 days"). */
const QUERY = { search: param.text(), key: param.oneOf(KEYS, 'all'), scope: param.oneOf(FLAG_SCOPES, 'active') };

/** /admin/feature-flags: per-user overrides; grant (again) and revoke through the SQL helpers. */
export default function FeatureFlagsPage() {
  const flags = useOp('flags', 'list', {});
  const revoke = useWriteOp('flags', 'revoke');
  const now = useNow();
  // The command palette opens an override as this screen searched for its e-mail (?search=).
  const [{ search, key, scope }, setState] = useQueryState(QUERY);
  const setSearch = (s: string) => setState({ search: s });
  const setKey = (k: string) => setState({ key: k as (typeof KEYS)[number] });
  const setScope = (s: FlagScope) => setState({ scope: s });
  const [granting, setGranting] = useState(false);
  useScreenAction('grant-flag', () => setGranting(true));
  const [target, setTarget] = useState<FlagOverride | null>(null);
  const all = flags.data?.data ?? [];
  const active = filterOverrides(all, { search: '', key: 'all', scope: 'active' }, now);
  const shown = filterOverrides(all, { search, key, scope }, now);

  return (
    <div className="page">
      <PageHeader
        title="User Feature Flags"
        subtitle="Per-user overrides of the e-mail features"
        actions={
          <Button variant="primary" onClick={() => setGranting(true)}>
            Grant Feature Flag
          </Button>
        }
      />
      <StatCards
        loading={flags.isPending}
        items={[
          { id: 'flags-active', label: 'Active overrides', value: flags.data ? active.length : undefined, tone: 'success' },
          { id: 'flags-users', label: 'Users with active overrides', value: flags.data ? new Set(active.map((f) => f.userId)).size : undefined },
          { id: 'flags-expired', label: 'Expired', value: flags.data ? all.filter((f) => flagState(f, now) === 'expired').length : undefined, tone: 'danger' },
        ]}
      />
      <ListToolbar
        search={{ label: 'Search by email', placeholder: 'Search by email', value: search, onChange: setSearch }}
        filters={[
          {
            label: 'Feature key',
            value: key,
            onChange: setKey,
            options: [{ value: 'all', label: 'All feature keys' }, ...FEATURE_KEYS.map((k) => ({ value: k, label: k }))],
          },
          {
            label: 'Show',
            value: scope,
            onChange: (v) => setScope(v as FlagScope),
            options: [
              { value: 'active', label: 'Active overrides' },
              { value: 'expiring', label: `Expiring within ${FLAG_EXPIRING_DAYS} days` },
              { value: 'all', label: 'All overrides (expired and revoked too)' },
            ],
          },
        ]}
        summary={
          <span data-testid="flag-count">
            Showing {shown.length} of {scope === 'all' ? all.length : active.length}
          </span>
        }
      />
      <QueryView
        query={flags}
        loadingLabel="Loading feature flags..."
        errorPrefix="Failed to load feature flags:"
        isEmpty={(d) => d.length === 0}
        emptyTitle="No feature flag overrides yet"
      >
        {() =>
          shown.length === 0 ? (
            <EmptyState title="No users with active overrides match" />
          ) : (
            <ul className="card-list flag-users">
              {byUser(shown).map((group) => (
                <li key={group[0]!.userId} className="card flag-user" data-testid="flag-user">
                  <h2 className="flag-user-email">{group[0]!.email ?? group[0]!.userId}</h2>
                  <p className="muted">Joined {formatDate(group[0]!.userCreatedAt, 'unknown')}</p>
                  <ul className="flag-rows">
                    {group.map((f) => {
                      const state = flagState(f, now);
                      const [tone, label] = STATE_BADGE[state];
                      return (
                        <li key={f.id} className={`flag-row flag-${state}`} data-testid="flag-row" data-key={f.featureKey}>
                          <code>{f.featureKey}</code> <Badge tone={tone}>{label}</Badge>
                          <Tooltip content={formatDateTime(f.grantedAt)}>
                            <span className="muted">Granted {grantedAgo(f.grantedAt, now)}</span>
                          </Tooltip>
                          <Tooltip content={f.expiresAt ? formatDateTime(f.expiresAt) : undefined}>
                            <span className={state === 'expired' ? 'text-danger' : 'muted'}>
                              {f.expiresAt ? `${state === 'expired' ? 'Expired' : 'Expires'} ${relativeTime(f.expiresAt, now)}` : 'No expiry'}
                            </span>
                          </Tooltip>
                          {f.notes ? <span className="flag-notes">{f.notes}</span> : null}
                          {f.enabled ? (
                            <Button variant="danger" aria-label={`Revoke ${f.featureKey} for ${f.email ?? f.userId}`} onClick={() => setTarget(f)}>
                              Revoke
                            </Button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <GrantFlagDialog open={granting} onClose={() => setGranting(false)} />
      <DeleteConfirm
        target={target}
        title="Revoke feature flag?"
        describe={(t) => `${t.featureKey} is turned off for ${t.email ?? t.userId}.`}
        confirmLabel="Revoke"
        run={(t) => revoke.mutateAsync({ userId: t.userId, featureKey: t.featureKey })}
        succeeded={() => notify.success(FLAG_MESSAGES.revoked)}
        failed={(err) => notify.error(FLAG_MESSAGES.revokeFailed, errorText(err as never))}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
