import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { EmptyState } from '../../components/States.js';
import { QueryView } from '../../components/QueryView.js';
import { SyncRefreshButton } from '../../components/SyncStatus.js';
import { DeleteUserDialog } from '../delete/DeleteUserDialog.js';
import { ExportButton } from './ExportButton.js';
import { SyncLine } from './SyncLine.js';
import { UserTable, type DeleteTarget } from './UserTable.js';
import { UserToolbar } from './UserToolbar.js';
import { useUserList } from './useUserList.js';
import { useUsersSync } from './useUsersSync.js';
import { useScreenRefresh } from '../../lib/screen-refresh.js';

/** /admin/users (spec 1, "User Management"), answered by main from its replica of admin-get-users. */
export default function UsersPage() {
  const { head, query, search, setSearch, filter, setFilter, sort, sortBy } = useUserList();
  const sync = useUsersSync();
  // Ctrl/Cmd+R, View → Refresh and the palette sync the list as its Refresh button does.
  useScreenRefresh(() => {
    if (!sync.refreshing) sync.refresh();
  });
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const page = head.data?.data;

  return (
    <div className="page users-page">
      <PageHeader
        title="User Management"
        subtitle="Search, filter, sort and export users; open one to see the detail"
        actions={
          <>
            <SyncRefreshButton status={sync.status} refreshing={sync.refreshing} onRefresh={sync.refresh} />
            <ExportButton query={query} shown={page?.matched ?? 0} />
          </>
        }
      />
      <SyncLine status={sync.status} />
      <UserToolbar
        search={search}
        onSearch={setSearch}
        filter={filter}
        onFilter={setFilter}
        shown={page?.matched ?? 0}
        total={page?.total}
        busy={head.isFetching}
      />
      <QueryView query={head} loadingLabel="Loading users...">
        {(data) => (
          <>
            <UserTable query={head.data?.query ?? query} head={data} sort={sort} onSort={sortBy} onDelete={setDeleting} />
            {data.matched === 0 ? <EmptyState title="No users match the search and filter." /> : null}
          </>
        )}
      </QueryView>
      {deleting ? <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} /> : null}
    </div>
  );
}
