import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { Button } from '../../components/Button.js';
import { EmptyState, Spinner } from '../../components/States.js';
import { QueryView } from '../../components/QueryView.js';
import { DeleteUserDialog } from '../delete/DeleteUserDialog.js';
import { ExportButton } from './ExportButton.js';
import { UserTable, type DeleteTarget } from './UserTable.js';
import { UserToolbar } from './UserToolbar.js';
import { useUserList } from './useUserList.js';

/** /admin/users (spec 1, "User Management"). */
export default function UsersPage() {
  const { list, index, view, search, setSearch, filter, setFilter, sort, sortBy } = useUserList();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  return (
    <div className="page users-page">
      <PageHeader
        title="User Management"
        subtitle="Search, filter, sort and export users; open one to see the detail"
        actions={
          <>
            <Button onClick={() => void list.refetch()} busy={list.isFetching}>
              Refresh
            </Button>
            <ExportButton query={{ filter, search, sort }} shown={view.length} />
          </>
        }
      />
      <UserToolbar search={search} onSearch={setSearch} filter={filter} onFilter={setFilter} shown={view.length} total={index?.rows.length} />
      <QueryView query={list} loadingLabel="Loading users...">
        {() =>
          // The index is prepared just after the answer arrives; until then the list is still loading.
          !index ? (
            <Spinner label="Loading users..." />
          ) : (
            <>
              <UserTable index={index} view={view} sort={sort} onSort={sortBy} onDelete={setDeleting} />
              {view.length === 0 ? <EmptyState title="No users match the search and filter." /> : null}
            </>
          )
        }
      </QueryView>
      {deleting ? <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} /> : null}
    </div>
  );
}
