import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { QueryView } from '../components/QueryView.js';
import { formatCount, formatDate } from '../lib/format.js';
import { AFFILIATE_TEXT, commissionTone, formatCents } from '../../shared/rules/affiliates/figures.js';
import type { AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';

/** Transaction History: the link's payments in the period, a page at a time, newest first. */
export function TransactionHistory({ linkId, period, affiliate }: { readonly linkId: string; readonly period: AffiliatePeriod; readonly affiliate: boolean }) {
  const [page, setPage] = useState({ period, n: 0 });
  // A new period starts again at its first page.
  const n = page.period === period ? page.n : 0;
  const query = useOp('affiliates', 'transactions', { id: linkId, days: period, page: n }, { placeholderData: keepPreviousData });
  const go = (to: number) => setPage({ period, n: to });
  return (
    <Card title="Transaction History">
      <QueryView query={query} loadingLabel="Loading transactions..." isEmpty={(d) => d.total === 0} emptyTitle={AFFILIATE_TEXT.noTransactions}>
        {(d) => {
          const first = d.page * d.pageSize;
          return (
            <>
              {/* Focusable so that a table wider than a narrow window scrolls by keyboard too. */}
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Transactions">
                <table className="data-table affiliate-table" data-testid="transactions">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Invoice ID</th>
                      <th scope="col">Revenue</th>
                      {affiliate ? <th scope="col">Commission</th> : null}
                      {affiliate ? <th scope="col">Status</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.map((t) => (
                      <tr key={t.id}>
                        <td>{formatDate(t.paymentDate)}</td>
                        <td className="mono invoice">{t.invoiceId ?? '-'}</td>
                        <td>{formatCents(t.revenueCents)}</td>
                        {affiliate ? <td>{formatCents(t.commissionCents)}</td> : null}
                        {affiliate ? (
                          <td>
                            <Badge tone={commissionTone(t.status)}>{t.status}</Badge>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="pager">
                <span className="muted" data-testid="transactions-range">
                  {formatCount(first + 1)}-{formatCount(first + d.rows.length)} of {formatCount(d.total)}
                </span>
                <Button disabled={d.page === 0 || query.isFetching} onClick={() => go(d.page - 1)}>
                  Previous
                </Button>
                <Button disabled={first + d.rows.length >= d.total || query.isFetching} onClick={() => go(d.page + 1)}>
                  Next
                </Button>
              </div>
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}
