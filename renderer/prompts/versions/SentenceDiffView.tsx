import type { Segment } from '../../../shared/rules/prompts/sentence-diff.js';

/** One side of a sentence diff: removed sentences struck through on the old side, added ones marked on the new. */
export function DiffText({ segments }: { readonly segments: readonly Segment[] }) {
  return (
    <div className="diff-text">
      {segments.map((s, i) =>
        s.kind === 'removed' ? (
          <del key={i} className="diff-removed">
            {s.text}
          </del>
        ) : s.kind === 'added' ? (
          <ins key={i} className="diff-added">
            {s.text}
          </ins>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </div>
  );
}
