import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CoachDetail } from '../../shared/rules/coaches/types.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { coachFieldsOf, coachFormOf, sameCoachForm } from '../../shared/rules/coaches/form.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { OfflineNotice, Spinner } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { AvatarSection } from './AvatarSection.js';
import { CoachForm } from './CoachForm.js';
import { PromptEditor } from '../prompts/PromptEditor.js';
import { useFamilyEditor } from '../prompts/use-family-editor.js';
import { useLeaveGuard } from '../lib/leave-guard.js';
import { useProductName } from '../lib/useProductName.js';
import { errorText } from '../lib/op-error-text.js';

const BACK = '/admin/coaches';

/** /admin/coaches/{id}: configuration, avatar, knowledge base and prompt, with the Unsaved Changes flag. */
export default function CoachEditPage() {
  const { id = '' } = useParams();
  // Fresh data before the drafts start from it: a kept answer may predate a rollback made on the history page.
  const detail = useOp('coaches', 'get', { id }, { refetchOnMount: 'always' });
  if (detail.isPending || (!detail.isFetchedAfterMount && !detail.isError)) return <Spinner label="Loading coach..." />;
  if (detail.isError) {
    return (
      <CenteredMessage>
        <h1>{COACH_MESSAGES.loadFailed}</h1>
        <p>{detail.error.message}</p>
        <BackLink to={BACK} />
      </CenteredMessage>
    );
  }
  const data = detail.data.data;
  if (!data) {
    return (
      <CenteredMessage>
        <h1>{COACH_MESSAGES.notFound}</h1>
        <p>No coach has this id. It may have been deleted.</p>
        <BackLink to={BACK} />
      </CenteredMessage>
    );
  }
  return (
    <>
      {detail.data.offline ? <OfflineNotice fetchedAt={detail.data.offline.fetchedAt} /> : null}
      <CoachEditor key={data.coach.id} detail={data} />
    </>
  );
}

const versionsLine = (version: number | null, count: number, none: string) =>
  version ? `Version ${version} is current (${count} version${count === 1 ? '' : 's'})` : none;

function CoachEditor({ detail }: { readonly detail: CoachDetail }) {
  const productName = useProductName();
  const coach = detail.coach;
  const savedForm = coachFormOf(coach);
  const [form, setForm] = useState(savedForm);
  const update = useWriteOp('coaches', 'update');
  // The prompt and the knowledge base are prompt families: the one versioned-text editor, keyed by this coach.
  const prompt = useFamilyEditor({ family: 'coach-prompt', coachId: coach.id }, detail.prompt);
  const knowledge = useFamilyEditor({ family: 'coach-knowledge', coachId: coach.id }, detail.knowledgeBase);

  const unsaved = !sameCoachForm(form, savedForm) || prompt.unsaved || knowledge.unsaved;
  useLeaveGuard(unsaved);

  const saveConfig = () => {
    if (!form.name.trim()) {
      notify.error(COACH_MESSAGES.validationTitle, COACH_MESSAGES.nameRequired);
      return;
    }
    update.mutate(
      { id: coach.id, ...coachFieldsOf(form) },
      { onSuccess: () => notify.success(COACH_MESSAGES.coachUpdated), onError: (err) => notify.error(COACH_MESSAGES.updateFailed, errorText(err)) },
    );
  };

  return (
    <div className="page coach-edit">
      <PageHeader
        title={coach.name}
        subtitle={
          <>
            Edit the coach, its avatar, knowledge base and prompt{' '}
            {unsaved ? (
              <span data-testid="unsaved-changes">
                <Badge tone="warning">Unsaved Changes</Badge>
              </span>
            ) : null}
          </>
        }
        back={{ to: BACK }}
        actions={
          <Link className="button button-secondary" to={`/admin/coaches/${coach.id}/history`}>
            History
          </Link>
        }
      />
      <div className="coach-edit-grid">
        <Card title="Configuration">
          <form
            className="form"
            aria-label="Coach configuration"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveConfig();
            }}
          >
            <CoachForm value={form} onChange={setForm} productName={productName} slug={coach.slug} />
            <div className="form-actions">
              <Button type="submit" variant="primary" busy={update.isPending} disabled={sameCoachForm(form, savedForm)}>
                Save Configuration
              </Button>
            </div>
          </form>
        </Card>
        <AvatarSection coach={coach} />
      </div>
      <PromptEditor
        spec={prompt.spec}
        draft={prompt.draft}
        onChange={prompt.setDraft}
        problem={prompt.problem}
        saving={prompt.saving}
        onSave={() => void prompt.save()}
        description={versionsLine(detail.prompt?.version ?? null, detail.promptCount, 'No prompt yet: this coach shows as No Prompt')}
      />
      <PromptEditor
        spec={knowledge.spec}
        draft={knowledge.draft}
        onChange={knowledge.setDraft}
        problem={knowledge.problem}
        saving={knowledge.saving}
        onSave={() => void knowledge.save()}
        description={versionsLine(detail.knowledgeBase?.version ?? null, detail.knowledgeCount, 'No knowledge base yet')}
      />
    </div>
  );
}
