import { useState } from 'react';
import './prompts.css';
import { Link } from 'react-router-dom';
import { MIRROR_TYPES, MIRROR_TYPE_INFO, type MirrorType } from '../../shared/rules/prompts/families.js';
import { MIRROR_MESSAGES } from '../../shared/rules/prompts/messages.js';
import { useWriteOp, type OpError } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { FamilyEditorSection, currentOf } from './FamilyEditorSection.js';
import { useFamilyHistory } from './use-family-history.js';

/** /admin/mirror (and /admin/mirror-prompts): the three styles, the editor of the chosen one, Initialize Prompts. */
export default function MirrorPromptsPage() {
  const [type, setType] = useState<MirrorType>('brief');
  const [asking, setAsking] = useState(false);
  const histories = {
    brief: useFamilyHistory({ family: 'mirror', promptType: 'brief' }),
    detailed: useFamilyHistory({ family: 'mirror', promptType: 'detailed' }),
    deep: useFamilyHistory({ family: 'mirror', promptType: 'deep' }),
  };
  const initialize = useWriteOp('prompts', 'initializeMirror');
  const loaded = MIRROR_TYPES.every((t) => histories[t].data);
  const none = loaded && MIRROR_TYPES.every((t) => histories[t].data?.data.total === 0);
  const selected = histories[type];

  const runInitialize = () =>
    initialize
      .mutateAsync({})
      .then(
        () => notify.success(MIRROR_MESSAGES.initialized, 'Version 1 of brief, detailed and deep is active.'),
        (err: OpError) => notify.error(MIRROR_MESSAGES.initializeFailed, errorText(err)),
      )
      .finally(() => setAsking(false));

  return (
    <div className="page prompt-page">
      <PageHeader
        title="Mirror Prompt Management"
        subtitle="The prompts of the AI mirror's three analysis styles"
        back={{ to: '/admin/dashboard', label: 'Back to Dashboard' }}
        actions={
          none ? (
            <Button variant="primary" onClick={() => setAsking(true)}>
              Initialize Prompts
            </Button>
          ) : null
        }
      />
      <div className="mirror-types" role="group" aria-label="Analysis styles">
        {MIRROR_TYPES.map((t) => {
          const h = histories[t].data?.data;
          const current = currentOf(h);
          return (
            <section key={t} className={t === type ? 'card mirror-type mirror-type-selected' : 'card mirror-type'} data-testid={`mirror-${t}`}>
              <h2 className="card-title">{MIRROR_TYPE_INFO[t].label}</h2>
              <p className="card-description">{MIRROR_TYPE_INFO[t].description}</p>
              <p className="muted">
                {h ? (current ? `Version ${current.version} active · ${h.total} version${h.total === 1 ? '' : 's'}` : 'No prompt yet') : 'Loading...'}
              </p>
              {t === type ? <Badge tone="accent">Editing</Badge> : null}
              <div className="form-actions">
                <Button onClick={() => setType(t)} aria-pressed={t === type} aria-label={`Edit ${MIRROR_TYPE_INFO[t].label}`}>
                  Edit
                </Button>
                <Link className="button button-secondary" to={`/admin/mirror/${t}/history`} aria-label={`History of ${MIRROR_TYPE_INFO[t].label}`}>
                  History
                </Link>
              </div>
            </section>
          );
        })}
      </div>
      <QueryView query={selected} loadingLabel="Loading prompts...">
        {(data) => (
          <FamilyEditorSection
            key={type}
            familyRef={{ family: 'mirror', promptType: type }}
            history={data}
            editorTitle={`Edit ${MIRROR_TYPE_INFO[type].label} Prompt`}
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={asking}
        title="Initialize mirror prompts?"
        description="This creates version 1 of the brief, detailed and deep prompts with the default texts, each active at once."
        confirmLabel="Initialize"
        onCancel={() => setAsking(false)}
        onConfirm={runInitialize}
      />
    </div>
  );
}
