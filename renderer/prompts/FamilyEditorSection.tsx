import { useState, type ReactNode } from 'react';
import './prompts.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PromptHistory } from '../../shared/rules/prompts/types.js';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import { nextVersion } from '../../shared/rules/prompts/versions.js';
import type { Answer, OpError } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { PromptEditor } from './PromptEditor.js';
import { useFamilyEditor, type FamilyRef } from './use-family-editor.js';
import { useLeaveGuard } from '../lib/leave-guard.js';

interface Props {
  readonly familyRef: FamilyRef;
  readonly history: PromptHistory;
  /** Daily wisdom: a dialog says the previous version is deactivated before the save. */
  readonly confirmSave?: boolean;
  readonly editorTitle?: ReactNode;
  /** Hides the active-version card (the chatbots show their versions another way). */
  readonly showActive?: boolean;
}

export const currentOf = (history: PromptHistory | undefined): VersionItem | null => history?.versions.find((v) => v.isActive) ?? null;

function ActiveVersion({ version }: { readonly version: VersionItem | null }) {
  if (!version) return <Card title="Active Prompt" description="No active version yet: the first save creates version 1." />;
  const p = version.params;
  return (
    <Card title="Active Prompt" description={`Version ${version.version}${version.notes ? ` · ${version.notes}` : ''}`}>
      <p className="prompt-active-text" data-testid="active-prompt">
        {version.text}
      </p>
      {p ? (
        <p className="muted">
          {p.model} · temperature {p.temperature} · top K {p.topK} · top P {p.topP}
          {p.variety_injection ? ' · variety injection' : ''}
        </p>
      ) : null}
    </Card>
  );
}

/** A family's active version and its editor, with Unsaved Changes, the leave question and the optional save dialog. */
export function FamilyEditorSection({ familyRef, history, confirmSave = false, editorTitle, showActive = true }: Props) {
  const current = currentOf(history);
  const editor = useFamilyEditor(familyRef, current);
  const [asking, setAsking] = useState(false);
  useLeaveGuard(editor.unsaved);
  const next = nextVersion(history.versions.map((v) => v.version).concat(history.total));

  return (
    <>
      {showActive ? <ActiveVersion version={current} /> : null}
      <PromptEditor
        spec={editor.spec}
        draft={editor.draft}
        onChange={editor.setDraft}
        problem={editor.problem}
        saving={editor.saving}
        onSave={() => (confirmSave ? setAsking(true) : void editor.save())}
        title={editorTitle ?? `Edit ${editor.spec.title}`}
        actions={
          editor.unsaved ? (
            <span data-testid="unsaved-changes">
              <Badge tone="warning">Unsaved Changes</Badge>
            </span>
          ) : null
        }
      />
      <ConfirmDialog
        open={asking}
        title="Save new version?"
        confirmLabel="Save"
        onCancel={() => setAsking(false)}
        onConfirm={() => editor.save().finally(() => setAsking(false))}
        description={
          current
            ? `This saves version ${next} as the active prompt. The previous version (version ${current.version}) is deactivated and stays in the history.`
            : `This saves version ${next} as the active prompt.`
        }
      />
    </>
  );
}

export type HistoryQuery = UseQueryResult<Answer<PromptHistory>, OpError>;
