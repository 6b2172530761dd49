import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRIVACY_MESSAGES, legalReviewBadge, type PrivacyVersion } from '../../shared/rules/privacy/document.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { Badge } from '../components/Badge.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatCount, formatDateTime } from '../lib/format.js';
import { PreviewDialog } from './PreviewDialog.js';

/** /admin/privacy-history: every version newest first; preview any, activate any other than the active one. */
export default function PrivacyHistoryPage() {
  const navigate = useNavigate();
  const history = useOp('privacy', 'history', {});
  const activate = useWriteOp('privacy', 'activate');
  const [preview, setPreview] = useState<PrivacyVersion | null>(null);

  return (
    <div className="page">
      <PageHeader
        title="Privacy Intentions History"
        subtitle="Every version of the privacy document"
        back={{ to: '/admin/privacy-intentions', label: 'Back to Editor' }}
      />
      <QueryView
        query={history}
        loadingLabel="Loading versions..."
        errorPrefix={`${PRIVACY_MESSAGES.loadFailed}:`}
        isEmpty={(d) => d.length === 0}
        emptyTitle={PRIVACY_MESSAGES.noVersions}
        emptyMessage={
          <Button variant="primary" onClick={() => void navigate('/admin/privacy-intentions')}>
            Create First Version
          </Button>
        }
      >
        {(versions) => (
          <ul className="privacy-versions">
            {versions.map((v) => {
              const legal = legalReviewBadge(v.legalReviewStatus);
              return (
                <li key={v.id} className="card" data-testid="privacy-version" data-version={v.version}>
                  <div className="privacy-version-head">
                    <h2>Version {v.version}</h2>
                    {v.isActive ? <Badge tone="success">Active</Badge> : null}
                    <Badge tone={legal.tone}>{legal.label}</Badge>
                  </div>
                  <p>{v.changeSummary ?? 'No summary'}</p>
                  {v.changeReason ? <p className="muted">Reason: {v.changeReason}</p> : null}
                  <dl className="privacy-dates">
                    <dt>Created</dt>
                    <dd>{formatDateTime(v.createdAt)}</dd>
                    <dt>Activated</dt>
                    <dd>{formatDateTime(v.activatedAt)}</dd>
                    <dt>Deactivated</dt>
                    <dd>{formatDateTime(v.deactivatedAt)}</dd>
                    <dt>Views</dt>
                    <dd>{formatCount(v.viewCount)}</dd>
                    {v.legalReviewNotes ? (
                      <>
                        <dt>Legal notes</dt>
                        <dd>{v.legalReviewNotes}</dd>
                      </>
                    ) : null}
                    {v.legalReviewDate ? (
                      <>
                        <dt>Legal review</dt>
                        <dd>{formatDateTime(v.legalReviewDate)}</dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="privacy-actions">
                    <Button aria-label={`Preview version ${v.version}`} onClick={() => setPreview(v)}>
                      Preview
                    </Button>
                    {v.isActive ? null : (
                      <Button
                        variant="primary"
                        aria-label={`Activate version ${v.version}`}
                        busy={activate.isPending && activate.variables?.versionId === v.id}
                        onClick={() =>
                          activate.mutate(
                            { versionId: v.id },
                            {
                              onSuccess: () => notify.success(PRIVACY_MESSAGES.activated),
                              onError: (err) => notify.error(PRIVACY_MESSAGES.activateFailed, errorText(err)),
                            },
                          )
                        }
                      >
                        Activate
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
      <PreviewDialog title={preview ? `Version ${preview.version} Preview` : 'Preview'} markdown={preview?.content ?? null} onClose={() => setPreview(null)} />
    </div>
  );
}
