import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { VersionItem } from '../../shared/types/versions.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { PREVIEW_LENGTH } from '../../shared/rules/prompts/versions.js';
import { useOp, useWriteOp, type OpError } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { ErrorState, OfflineNotice, Spinner } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { VersionHistory } from '../versions/VersionHistory.js';
import { errorText } from '../app/op-error-text.js';

type Tab = 'prompt' | 'knowledge';

function ParamsLine({ v }: { readonly v: VersionItem }) {
  const p = v.params;
  if (!p) return null;
  return (
    <p className="muted version-params">
      {p.model} · temperature {p.temperature} · top K {p.topK} · top P {p.topP}
      {p.variety_injection ? ' · variety injection' : ''}
    </p>
  );
}

/** /admin/coaches/{id}/history: the system prompt's versions (and the knowledge base's), compare and rollback. */
export default function CoachHistoryPage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<Tab>('prompt');
  const prompts = useOp('coaches', 'promptHistory', { coachId: id });
  const knowledge = useOp('coaches', 'knowledgeHistory', { coachId: id }, { enabled: tab === 'knowledge' });
  const rollbackPrompt = useWriteOp('coaches', 'rollbackPrompt');
  const rollbackKnowledge = useWriteOp('coaches', 'rollbackKnowledgeBase');
  const current = tab === 'prompt' ? prompts : knowledge;
  const rollback = tab === 'prompt' ? rollbackPrompt : rollbackKnowledge;
  const name = prompts.data?.data.coachName ?? knowledge.data?.data.coachName;

  const onRollback = (v: VersionItem) =>
    rollback.mutateAsync({ coachId: id, versionId: v.id }).then(
      () => notify.success(COACH_MESSAGES.rollbackDone, `Version ${v.version} is current again as a new version.`),
      (err: OpError) => {
        notify.error(COACH_MESSAGES.rollbackFailed, errorText(err));
        throw err;
      },
    );

  return (
    <div className="page">
      <PageHeader
        title={name ? `Prompt History: ${name}` : 'Coach Prompt History'}
        subtitle="Every saved version, newest first"
        actions={
          <>
            <Link className="button button-primary" to={`/admin/coaches/${id}`}>
              Edit Current
            </Link>
            <Link className="button button-secondary" to="/admin/coaches">
              Back
            </Link>
          </>
        }
      />
      <div className="tabs" role="tablist" aria-label="Version family">
        <button type="button" role="tab" className="tab" aria-selected={tab === 'prompt'} onClick={() => setTab('prompt')}>
          System Prompt
        </button>
        <button type="button" role="tab" className="tab" aria-selected={tab === 'knowledge'} onClick={() => setTab('knowledge')}>
          Knowledge Base
        </button>
      </div>
      {current.data?.offline ? <OfflineNotice fetchedAt={current.data.offline.fetchedAt} /> : null}
      {current.isError ? <ErrorState message={current.error.message} onRetry={() => void current.refetch()} /> : null}
      {current.isPending ? <Spinner label="Loading versions..." /> : null}
      {current.data ? (
        <VersionHistory
          key={tab}
          versions={current.data.data.versions}
          previewLength={PREVIEW_LENGTH}
          noun={tab === 'prompt' ? 'prompt' : 'knowledge base'}
          onRollback={onRollback}
          rollbackPending={rollback.isPending}
          details={tab === 'prompt' ? (v) => <ParamsLine v={v} /> : undefined}
        />
      ) : null}
    </div>
  );
}
