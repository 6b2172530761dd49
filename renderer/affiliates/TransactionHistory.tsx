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
import type { Transaction } from '../../shared/rules/affiliates/link.js';
import { DataTable } from '../components/DataTable.js';

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
                <DataTable<Transaction>
                  className="data-table affiliate-table"
                  testId="transactions"
                  rows={d.rows}
                  rowKey={(t) => t.id}
                  columns={[
                    { header: 'Date', cell: (t) => formatDate(t.paymentDate) },
                    { header: 'Invoice ID', className: 'mono invoice', cell: (t) => t.invoiceId ?? '-' },
                    { header: 'Revenue', cell: (t) => formatCents(t.revenueCents) },
                    ...(affiliate
                      ? [
                          { header: 'Commission', cell: (t: Transaction) => formatCents(t.commissionCents) },
                          { header: 'Status', cell: (t: Transaction) => <Badge tone={commissionTone(t.status)}>{t.status}</Badge> },
                        ]
                      : []),
                  ]}
                />
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
