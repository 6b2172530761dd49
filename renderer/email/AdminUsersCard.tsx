import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { formatDate } from '../lib/format.js';
import { ADMIN_MESSAGES, ROLE_TONES, statusChanged } from '../../shared/rules/email/admin-users.js';
import type { AdminUser } from '../../shared/rules/email/types.js';
import { PreferencesDialog } from './PreferencesDialog.js';
import { DataTable } from '../components/DataTable.js';

export function AdminUsersCard() {
  const admins = useOp('email', 'adminUsers', {});
  const toggle = useWriteOp('email', 'setAdminUserActive');
  const [prefsFor, setPrefsFor] = useState<AdminUser | null>(null);
  const flip = (a: AdminUser) =>
    toggle.mutateAsync({ id: a.id, isActive: !a.is_active }).then(
      () => notify.success(statusChanged(!a.is_active)),
      () => notify.error(ADMIN_MESSAGES.statusFailed),
    );
  return (
    <Card title="Admin Users">
      <QueryView
        query={admins}
        loadingLabel="Loading admin users..."
        errorPrefix={`${ADMIN_MESSAGES.loadFailed}: `}
        isEmpty={(d) => d.length === 0}
        emptyTitle="No admin users"
      >
        {(list) => (
          <DataTable
            className="email-table"
            testId="admin-users"
            rowTestId="admin-row"
            rows={list}
            rowKey={(a) => a.id}
            columns={[
              {
                header: 'User',
                cell: (a) => (
                  <>
                    <div>{a.full_name}</div>
                    <div className="muted">{a.email}</div>
                  </>
                ),
              },
              { header: 'Role', cell: (a) => <Badge tone={ROLE_TONES[a.role]}>{a.role}</Badge> },
              { header: 'Status', cell: (a) => <Badge tone={a.is_active ? 'success' : 'neutral'}>{a.is_active ? 'Active' : 'Inactive'}</Badge> },
              { header: 'Created', cell: (a) => formatDate(a.created_at) },
              {
                header: 'Actions',
                className: 'row-actions',
                cell: (a) => (
                  <>
                    <Button onClick={() => setPrefsFor(a)} aria-label={`Preferences for ${a.email}`}>
                      Preferences
                    </Button>
                    <Button onClick={() => void flip(a)} aria-label={`${a.is_active ? 'Deactivate' : 'Activate'} ${a.email}`}>
                      {a.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      {prefsFor ? <PreferencesDialog admin={prefsFor} onClose={() => setPrefsFor(null)} /> : null}
    </Card>
  );
}
