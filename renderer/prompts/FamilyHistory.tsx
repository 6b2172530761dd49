import type { ReactNode } from 'react';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import type { PromptHistory } from '../../shared/rules/prompts/types.js';
import { familySpec } from '../../shared/rules/prompts/families.js';
import { useWriteOp, type Answer, type OpError } from '../api/hooks.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { VersionHistory } from './versions/VersionHistory.js';
import { errorText } from '../lib/op-error-text.js';
import type { FamilyRef } from './use-family-editor.js';
import type { UseQueryResult } from '@tanstack/react-query';

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

interface Props {
  readonly familyRef: FamilyRef;
  readonly query: UseQueryResult<Answer<PromptHistory>, OpError>;
  /** Shown above the list once the versions are there (a family's stat cards). */
  readonly summary?: (history: PromptHistory) => ReactNode;
}

/**
 * The history of any prompt family, configured by its description: previews of its length, compare, rollback
 * when the family keeps rollbacks, Activate when its older versions can be made active again.
 */
export function FamilyHistory({ familyRef, query, summary }: Props) {
  const spec = familySpec(familyRef.family);
  const rollback = useWriteOp('prompts', 'rollback');
  const activate = useWriteOp('prompts', 'activate');

  const onRollback = (v: VersionItem) =>
    rollback.mutateAsync({ ...familyRef, versionId: v.id }).then(
      () => notify.success(spec.messages.rollbackDone, `Version ${v.version} is current again as a new version.`),
      (err: OpError) => {
        notify.error(spec.messages.rollbackFailed, errorText(err));
        throw err;
      },
    );
  const onActivate = (v: VersionItem) =>
    activate.mutateAsync({ family: 'public-chatbot', versionId: v.id }).then(
      () => notify.success(spec.messages.activated, `Version ${v.version} is now active.`),
      (err: OpError) => {
        notify.error(spec.messages.activateFailed, errorText(err));
        throw err;
      },
    );

  return (
    <QueryView query={query} loadingLabel="Loading versions...">
      {(history) => (
        <>
          {summary?.(history)}
          <VersionHistory
            versions={history.versions}
            total={history.total}
            previewLength={spec.previewLength}
            noun={spec.noun}
            onRollback={spec.rollback ? onRollback : undefined}
            rollbackPending={rollback.isPending}
            onActivate={spec.activate ? onActivate : undefined}
            activatePending={activate.isPending}
            details={spec.params ? (v) => <ParamsLine v={v} /> : undefined}
          />
        </>
      )}
    </QueryView>
  );
}
