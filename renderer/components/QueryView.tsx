import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Answer, OpError } from '../api/hooks.js';
import { EmptyState, ErrorState, OfflineNotice, Spinner } from './States.js';
import { queryStage, retryHelps } from './query-stage.js';

interface Props<T> {
  /** The result of useOp(...). */
  readonly query: UseQueryResult<Answer<T>, OpError>;
  /** Spoken and shown while the first answer is on its way, e.g. 'Loading coaches...'. */
  readonly loadingLabel?: string;
  /** Shown instead of the spinner while loading (a skeleton of the page), still announced with loadingLabel. */
  readonly skeleton?: ReactNode;
  /** Put before the OpError message, e.g. 'Error loading analytics data: '. */
  readonly errorPrefix?: string;
  /** The whole error text from the OpError message, where a prefix is not enough (a fixed spec message). */
  readonly errorText?: (message: string) => string;
  /** A heading above the error message, and the retry button's word ('Retry'), where the spec names them. */
  readonly errorTitle?: string;
  readonly retryLabel?: string;
  /** When the answer counts as empty; without it, nothing is empty. */
  readonly isEmpty?: (data: T) => boolean;
  readonly emptyTitle?: string;
  readonly emptyMessage?: ReactNode;
  /** The screen for the data; it also runs under the offline notice and under a failed refresh. */
  readonly children: (data: T) => ReactNode;
}

/**
 * The one loading / offline / error / empty ladder of every list screen: loading until the first answer, the
 * error with Retry (none where a retry cannot help: not found, refused) when there is no data, the offline notice above data kept from an earlier visit, a failed
 * refresh above the data still shown, the empty state, else the screen.
 */
export function QueryView<T>({
  query,
  loadingLabel = 'Loading...',
  skeleton,
  errorPrefix = '',
  errorText,
  errorTitle,
  retryLabel,
  isEmpty,
  emptyTitle = 'Nothing here yet',
  emptyMessage,
  children,
}: Props<T>) {
  const retry = () => void query.refetch();
  const stage = queryStage(query, isEmpty);
  if (stage === 'loading') {
    return skeleton ? (
      <div role="status" aria-live="polite" aria-busy="true" aria-label={loadingLabel} className="query-skeleton">
        {skeleton}
      </div>
    ) : (
      <Spinner label={loadingLabel} />
    );
  }
  const failure = query.isError ? (
    <ErrorState
      message={errorText ? errorText(query.error.message) : `${errorPrefix}${query.error.message}`}
      {...(retryHelps(query.error.code) ? { onRetry: retry } : {})}
      {...(errorTitle ? { title: errorTitle } : {})}
      {...(retryLabel ? { retryLabel } : {})}
    />
  ) : null;
  if (stage === 'error') return failure;
  const answer = query.data as Answer<T>;
  return (
    <>
      {answer.offline ? <OfflineNotice fetchedAt={answer.offline.fetchedAt} /> : null}
      {failure}
      {stage === 'empty' ? (
        <EmptyState title={emptyTitle}>{typeof emptyMessage === 'string' ? <p>{emptyMessage}</p> : emptyMessage}</EmptyState>
      ) : (
        children(answer.data)
      )}
    </>
  );
}

/**
 * The offline and error rungs alone, for a page of independent sections that draw their own skeletons while
 * the answer loads (the dashboard): the notices above, the sections below, whatever stage the query is in.
 */
export function QueryNotices<T>({ query, errorText }: Pick<Props<T>, 'query' | 'errorText'>) {
  const answer = query.data;
  return (
    <>
      {answer?.offline ? <OfflineNotice fetchedAt={answer.offline.fetchedAt} /> : null}
      {query.isError ? (
        <ErrorState
          message={errorText ? errorText(query.error.message) : query.error.message}
          {...(retryHelps(query.error.code) ? { onRetry: () => void query.refetch() } : {})}
        />
      ) : null}
    </>
  );
}
