import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { moreMessagesLabel, requestMessagePreview } from '../../shared/rules/coaches/requests.js';
import { formatCount, formatDate } from '../lib/format.js';

/** /admin/coach-requests: requested coach names grouped ignoring case, by demand; ranks 1 to 3 styled. */
export default function CoachRequestsPage() {
  const requests = useOp('coaches', 'requests', {});
  const groups = requests.data?.data;
  const total = groups?.reduce((n, g) => n + g.count, 0) ?? 0;
  return (
    <div className="page">
      <PageHeader
        title="Coach Requests"
        subtitle={
          groups
            ? `${formatCount(total)} request${total === 1 ? '' : 's'} for ${formatCount(groups.length)} coach${groups.length === 1 ? '' : 'es'}`
            : 'Which coaches users ask for'
        }
        back={{ to: '/admin/dashboard' }}
      />
      <QueryView query={requests} loadingLabel="Loading coach requests..." isEmpty={(d) => d.length === 0} emptyTitle="No coach requests yet">
        {(board) => (
          <ol className="request-board">
            {board.map((g, i) => {
              const more = moreMessagesLabel(g.messageCount);
              return (
                <li key={g.name.toLocaleLowerCase()} className={`request-row rank-${i + 1}`} data-testid="request-row">
                  <span className="rank-number" aria-label={`Rank ${i + 1}`}>
                    {i + 1}
                  </span>
                  <div className="request-body">
                    <div className="request-title">
                      <h2 className="request-name">{g.name}</h2>
                      <span className="request-count">
                        {formatCount(g.count)} request{g.count === 1 ? '' : 's'}
                      </span>
                      <span className="muted">Latest {formatDate(g.latestAt)}</span>
                    </div>
                    {g.sampleMessages.length ? (
                      <ul className="request-messages">
                        {g.sampleMessages.map((m) => (
                          <li key={m}>“{requestMessagePreview(m)}”</li>
                        ))}
                        {more ? <li className="request-more muted">{more}</li> : null}
                      </ul>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </QueryView>
    </div>
  );
}
