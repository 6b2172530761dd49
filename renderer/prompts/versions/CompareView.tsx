import type { VersionItem } from '../../../shared/rules/versions/types.js';
import { compareSides } from '../../../shared/rules/prompts/versions.js';
import { sentenceDiff } from '../../../shared/rules/prompts/sentence-diff.js';
import { Button } from '../../components/Button.js';
import { DiffText } from './SentenceDiffView.js';

interface Props {
  /** The two picked versions, in the order they were picked (the view orders them by version). */
  readonly picked: readonly [VersionItem, VersionItem];
  readonly flipped: boolean;
  readonly onSwap: () => void;
}

/** The two picked versions side by side, diffed by sentence from the older to the newer, each side named by version. */
export function CompareView({ picked, flipped, onSwap }: Props) {
  const { older, newer, left, right } = compareSides(picked[0], picked[1], flipped);
  const diff = sentenceDiff(older.text, newer.text);
  const side = (v: VersionItem, testId: string) => (
    <div className="compare-side" data-testid={testId} data-version={v.version}>
      <h4>
        Version {v.version} ({v === older ? 'older' : 'newer'})
      </h4>
      <DiffText segments={v === older ? diff.before : diff.after} />
    </div>
  );
  return (
    <section className="compare" aria-label="Version comparison">
      <header className="compare-header">
        <h3>
          Comparing version {older.version} with version {newer.version}
        </h3>
        <span className="muted" data-testid="diff-summary">
          {diff.removed} removed, {diff.added} added
        </span>
        <Button onClick={onSwap}>Swap</Button>
      </header>
      <div className="compare-grid">
        {side(left, 'compare-left')}
        {side(right, 'compare-right')}
      </div>
    </section>
  );
}
