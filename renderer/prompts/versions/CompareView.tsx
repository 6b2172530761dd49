import { useMemo } from 'react';
import type { VersionItem } from '../../../shared/rules/versions/types.js';
import { sentenceDiff } from '../../../shared/rules/prompts/sentence-diff.js';
import { Button } from '../../components/Button.js';
import { DiffText } from './SentenceDiffView.js';

interface Props {
  readonly left: VersionItem;
  readonly right: VersionItem;
  readonly onSwap: () => void;
}

/** The two picked versions side by side, diffed by sentence. */
export function CompareView({ left, right, onSwap }: Props) {
  const diff = useMemo(() => sentenceDiff(left.text, right.text), [left.text, right.text]);
  return (
    <section className="compare" aria-label="Version comparison">
      <header className="compare-header">
        <h3>
          Comparing version {left.version} with version {right.version}
        </h3>
        <span className="muted" data-testid="diff-summary">
          {diff.removed} removed, {diff.added} added
        </span>
        <Button onClick={onSwap}>Swap</Button>
      </header>
      <div className="compare-grid">
        <div className="compare-side" data-testid="compare-left">
          <h4>Version {left.version}</h4>
          <DiffText segments={diff.before} />
        </div>
        <div className="compare-side" data-testid="compare-right">
          <h4>Version {right.version}</h4>
          <DiffText segments={diff.after} />
        </div>
      </div>
    </section>
  );
}
