import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { formatDateTime } from '../lib/format.js';

export function Spinner({ label = 'Loading...' }: { readonly label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** `title` heads the message where the spec names the failure (e.g. 'Error Loading Data'); `retryLabel` is the button's word. */
export function ErrorState({
  message,
  onRetry,
  title,
  retryLabel = 'Retry',
}: {
  readonly message: string;
  readonly onRetry?: () => void;
  readonly title?: string;
  readonly retryLabel?: string;
}) {
  return (
    <div className="state state-error" role="alert">
      {title ? <p className="state-title">{title}</p> : null}
      <p>{message}</p>
      {onRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : null}
    </div>
  );
}

export function EmptyState({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

/** Shown above data kept from an earlier visit when the backend cannot be reached. */
export function OfflineNotice({ fetchedAt }: { readonly fetchedAt: string }) {
  return (
    <div className="offline-notice" role="status">
      Offline: showing data from {formatDateTime(fetchedAt, 'an earlier visit')}
    </div>
  );
}

/** A short page-level notice (something the admin should know, not an error of this screen's data). */
export function Notice({ children, testId }: { readonly children: ReactNode; readonly testId?: string }) {
  return (
    <div className="notice" role="status" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * Rows exist but the search or filters hide them all: says so in the screen's words, with a way to clear them
 * when the screen has one. (EmptyState is for no rows at all; QueryView draws that one.)
 */
export function NoMatches({
  message,
  onClear,
  clearLabel = 'Clear filters',
  testId,
}: {
  readonly message: string;
  readonly onClear?: () => void;
  readonly clearLabel?: string;
  readonly testId?: string;
}) {
  return (
    <div className="state state-no-matches" data-testid={testId}>
      <p>{message}</p>
      {onClear ? <Button onClick={onClear}>{clearLabel}</Button> : null}
    </div>
  );
}
