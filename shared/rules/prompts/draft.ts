import type { GenerationParams, VersionItem } from '../versions/types.js';
import { familyParams, type PromptFamilySpec } from './families.js';
import { sameJson, saveProblem, type SaveProblem } from './versions.js';

/**
 * The editor's draft of a family's next version, and when it may be saved: the same rule main applies (non-blank
 * text, and a change of text, the family's extras, or its notes where notes count).
 */
export interface PromptDraft {
  readonly text: string;
  readonly title: string;
  readonly knowledgeBase: string;
  readonly params: GenerationParams | null;
  readonly notes: string;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The draft an editor opens with: the current version, or empty text and the family's default parameters. */
export function draftOf(spec: PromptFamilySpec, current: VersionItem | null): PromptDraft {
  return {
    text: current?.text ?? '',
    title: current?.title ?? '',
    knowledgeBase: current?.knowledgeBase ?? '',
    params: spec.params ? familyParams(spec.params, current?.params ?? null) : null,
    notes: spec.notesAreAChange ? (current?.notes ?? '') : '',
  };
}

function compared(spec: PromptFamilySpec, d: PromptDraft) {
  return {
    text: d.text,
    extra: {
      ...(spec.params ? { params: d.params } : {}),
      ...(spec.hasTitle ? { title: blankToNull(d.title) } : {}),
      ...(spec.hasKnowledgeBase ? { knowledgeBase: d.knowledgeBase } : {}),
      ...(spec.notesAreAChange ? { notes: blankToNull(d.notes) } : {}),
    },
  };
}

export function draftProblem(spec: PromptFamilySpec, draft: PromptDraft, current: VersionItem | null): SaveProblem | null {
  return saveProblem(compared(spec, draft), current ? compared(spec, draftOf(spec, current)) : null);
}

/** Unsaved Changes: the draft differs from what the editor opened with. */
export function draftChanged(spec: PromptFamilySpec, draft: PromptDraft, saved: PromptDraft): boolean {
  const a = compared(spec, draft);
  const b = compared(spec, saved);
  return a.text !== b.text || !sameJson(a.extra, b.extra) || (!spec.notesAreAChange && draft.notes.trim() !== '');
}

/**
 * The draft once a newer current version arrives (a fresh answer after a kept one, another administrator's save):
 * it follows the new version only when it held no unsaved change against the old one, or when it is the very draft
 * this editor sent; otherwise what is being typed stays.
 */
export function draftAfterNewVersion(spec: PromptFamilySpec, draft: PromptDraft, was: PromptDraft, next: PromptDraft, sent: PromptDraft | null): PromptDraft {
  return draft === sent || !draftChanged(spec, draft, was) ? next : draft;
}

/** The fields of a save, for the family (the contract refuses fields a family does not have). */
export function draftFields(spec: PromptFamilySpec, d: PromptDraft): Record<string, unknown> {
  return {
    content: d.text,
    notes: blankToNull(d.notes),
    ...(spec.params && d.params ? { params: d.params } : {}),
    ...(spec.hasTitle ? { title: blankToNull(d.title) } : {}),
    ...(spec.hasKnowledgeBase ? { knowledgeBase: d.knowledgeBase } : {}),
  };
}

/** Inserts a placeholder token at the cursor (replacing a selection); returns the text and the new cursor. */
export function insertAt(text: string, start: number, end: number, token: string): { readonly text: string; readonly cursor: number } {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return { text: text.slice(0, s) + token + text.slice(e), cursor: s + token.length };
}
