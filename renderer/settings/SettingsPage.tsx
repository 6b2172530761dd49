import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { Badge } from '../components/Badge.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { useSessionStore } from '../session/session-store.js';
import type { ProfileSummary } from '../../shared/rules/profiles/types.js';
import { ProfileForm } from './ProfileForm.js';
import { SafetyDialog } from './SafetyDialog.js';
import { AppearanceCard } from './AppearanceCard.js';

/** /settings: connection profiles of the desktop app (the demo backend, the administrator's projects). */
export function SettingsPage() {
  const list = useOp('profiles', 'list', {});
  const activate = useWriteOp('profiles', 'activate');
  const remove = useWriteOp('profiles', 'remove');
  const test = useWriteOp('profiles', 'test');
  const [editing, setEditing] = useState<ProfileSummary | 'new' | null>(null);
  const [safety, setSafety] = useState<ProfileSummary | null>(null);
  const [removing, setRemoving] = useState<ProfileSummary | null>(null);
  const session = useSessionStore((s) => s.session);

  const runTest = (p: ProfileSummary) =>
    test.mutate(
      { id: p.id },
      {
        onSuccess: (r) =>
          r.reachable && r.anonKeyAccepted && r.serviceRoleKeyAccepted ? notify.success(r.message) : notify.error('Connection test failed', r.message),
        onError: (e) => notify.error('Connection test failed', e.message),
      },
    );

  return (
    <div className="page page-narrow">
      <PageHeader title="Settings" subtitle="Connections: which Supabase project Reflect Admin administers." back={{ to: session ? '/' : '/auth' }} />
      <QueryView query={list} loadingLabel="Loading connections...">
        {({ profiles, activeId, secretsPersistence }) => (
          <>
            {secretsPersistence === 'session' ? (
              <div className="notice" role="note">
                This computer offers no system keyring to Reflect Admin, so keys you enter are kept for this session only and must be entered again after a
                restart. They are never written to disk.
              </div>
            ) : null}
            <Card title="Connections" actions={<Button onClick={() => setEditing('new')}>Add a Supabase project</Button>}>
              <ul className="profile-list">
                {profiles.map((p) => (
                  <li key={p.id} className="profile-row">
                    <div>
                      <strong>{p.name}</strong> {p.id === activeId ? <Badge tone="success">Active</Badge> : null}{' '}
                      {p.kind === 'embedded' ? <Badge tone="info">Embedded demo</Badge> : null}
                      {p.source === 'environment' ? <Badge>From environment</Badge> : null}
                      {p.production ? <Badge tone="danger">Production</Badge> : null}
                      {p.safetyMode === 'read-only' ? (
                        <Badge tone="warning">Read-only</Badge>
                      ) : p.safetyMode === 'confirm' ? (
                        <Badge tone="warning">Confirm deletions</Badge>
                      ) : null}
                      <div className="muted">
                        {p.url ?? 'Runs on this computer'} · product name {p.productName} · public site {p.publicHost}
                        {p.kind === 'remote' && !p.hasKeys ? ' · keys needed' : ''}
                      </div>
                    </div>
                    <div className="row-actions">
                      <Button onClick={() => runTest(p)} busy={test.isPending && test.variables && 'id' in test.variables && test.variables.id === p.id}>
                        Test
                      </Button>
                      {p.id !== activeId ? (
                        <Button
                          variant="primary"
                          busy={activate.isPending}
                          onClick={() =>
                            activate.mutate(
                              { id: p.id },
                              { onSuccess: () => notify.success(`Switched to ${p.name}`), onError: (e) => notify.error('Could not switch', e.message) },
                            )
                          }
                        >
                          Use
                        </Button>
                      ) : null}
                      <Button onClick={() => setSafety(p)} aria-label={`Safety of ${p.name}`}>
                        Safety
                      </Button>
                      {p.source === 'saved' ? <Button onClick={() => setEditing(p)}>Edit</Button> : null}
                      {p.source === 'saved' && p.id !== activeId ? (
                        <Button variant="danger" onClick={() => setRemoving(p)}>
                          Remove
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </QueryView>
      <AppearanceCard />
      <DeleteConfirm
        target={removing}
        title="Remove connection?"
        describe={(p) => `Remove the connection "${p.name}" and its stored keys?`}
        confirmLabel="Remove"
        run={(p) => remove.mutateAsync({ id: p.id })}
        succeeded={() => notify.success('Connection removed')}
        failed={(e) => notify.error('Could not remove', (e as Error).message)}
        onClose={() => setRemoving(null)}
      />
      {safety ? <SafetyDialog profile={safety} onDone={() => setSafety(null)} /> : null}
      {editing ? <ProfileForm profile={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
    </div>
  );
}
