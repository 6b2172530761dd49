import { useEffect, useMemo, useRef, useState } from 'react';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import type { InputOf } from '../../shared/contract/index.js';
import type { Contract } from '../../shared/contract/index.js';
import { familySpec } from '../../shared/rules/prompts/families.js';
import { draftAfterNewVersion, draftChanged, draftFields, draftOf, draftProblem, type PromptDraft } from '../../shared/rules/prompts/draft.js';
import { useWriteOp, type OpError } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';

export type FamilyRef = InputOf<Contract['prompts']['history']>;

/**
 * The state of one family's editor: the draft (reset when the current version changes), whether it may be saved,
 * Unsaved Changes, and the save with the family's toasts.
 */
export function useFamilyEditor(ref: FamilyRef, current: VersionItem | null) {
  const spec = familySpec(ref.family);
  // Only a new current version resets the draft; refetches of the same version keep what is being typed.
  const saved = useMemo(() => draftOf(spec, current), [spec, current?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const [draft, setDraft] = useState<PromptDraft>(saved);
  const previous = useRef(saved);
  const sent = useRef<PromptDraft | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = saved;
    setDraft((d) => draftAfterNewVersion(spec, d, was, saved, sent.current));
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  const mutation = useWriteOp('prompts', 'save');

  const save = () => {
    sent.current = draft;
    return mutation.mutateAsync({ ...ref, ...draftFields(spec, draft) } as InputOf<Contract['prompts']['save']>).then(
      (v) => {
        notify.success(spec.messages.saved, `Version ${v.version} is now active.`);
        return v;
      },
      (err: OpError) => {
        notify.error(spec.messages.saveFailed, errorText(err));
        return null;
      },
    );
  };

  return {
    spec,
    draft,
    setDraft,
    problem: draftProblem(spec, draft, current),
    unsaved: draftChanged(spec, draft, saved),
    saving: mutation.isPending,
    save,
  };
}
