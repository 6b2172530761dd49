import { formatCounted } from '../lib/format.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { DIFFICULTY_LABELS, type ToolkitTool } from '../../shared/rules/toolkit/tools.js';
import type { ToolProgress } from '../../shared/rules/toolkit/progress.js';

const DIFFICULTY_TONE = { beginner: 'success', intermediate: 'info', advanced: 'accent' } as const;

/** A tool in the list: icon, title, description, time estimate, difficulty and saved progress. */
export function ToolCard({ tool, progress, onOpen }: { readonly tool: ToolkitTool; readonly progress: ToolProgress | undefined; readonly onOpen: () => void }) {
  const done = progress?.completedSteps.length ?? 0;
  return (
    <li className="card toolkit-card" data-testid={`tool-${tool.id}`}>
      <div className="toolkit-card-head">
        <span className="toolkit-icon" aria-hidden="true">
          {tool.icon}
        </span>
        <h2 className="card-title">{tool.title}</h2>
      </div>
      <p>{tool.description}</p>
      <div className="toolkit-meta">
        <span>{tool.timeEstimate}</span>
        <Badge tone={DIFFICULTY_TONE[tool.difficulty]}>{DIFFICULTY_LABELS[tool.difficulty]}</Badge>
        <span className="muted">
          {done} of {formatCounted(tool.steps.length, 'step')} done
        </span>
      </div>
      <Button variant="primary" onClick={onOpen} aria-label={`${done > 0 ? 'Continue' : 'Start'} ${tool.title}`}>
        {done > 0 ? 'Continue' : 'Start'}
      </Button>
    </li>
  );
}
