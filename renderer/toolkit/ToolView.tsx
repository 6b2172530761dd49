import { formatCounted } from '../lib/format.js';
import { useState } from 'react';
import { useWriteOp, type OpError } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { DIFFICULTY_LABELS, type ToolkitTool } from '../../shared/rules/toolkit/tools.js';
import {
  clickStep,
  EMPTY_PROGRESS,
  isCompleted,
  responseOf,
  responsePreview,
  sameProgress,
  saveProblem,
  saveResponse,
  TOOLKIT_MESSAGES,
  type ToolProgress,
} from '../../shared/rules/toolkit/progress.js';
import { useLeaveGuard } from '../lib/leave-guard.js';
import { LeaveDialog } from '../components/LeaveGuard.js';
import { StepResponseDialog } from './StepResponseDialog.js';

interface Props {
  readonly tool: ToolkitTool;
  readonly saved: ToolProgress | undefined;
  readonly onBack: () => void;
}

/** The guided exercise: its steps, each with a response; Save Progress keeps them on this computer. */
export function ToolView({ tool, saved, onBack }: Props) {
  const [progress, setProgress] = useState<ToolProgress>(saved ?? EMPTY_PROGRESS);
  // What was last saved: the guard asks before leaving anything newer (another page, the window, Back to tools).
  const [stored, setStored] = useState<ToolProgress>(saved ?? EMPTY_PROGRESS);
  const [editing, setEditing] = useState<number | null>(null);
  const save = useWriteOp('toolkit', 'save');
  const problem = saveProblem(progress);
  const unsaved = !sameProgress(progress, stored);
  useLeaveGuard(unsaved);
  const [asking, setAsking] = useState(false);
  const back = () => (unsaved ? setAsking(true) : onBack());

  const onStep = (step: number) => {
    const next = clickStep(progress, step);
    if (next.openDialog) setEditing(step);
    else setProgress(next.progress);
  };
  const onSave = () => {
    if (problem?.kind === 'incomplete') return void notify.error(problem.title, problem.description);
    if (problem) return;
    const sent = progress;
    save.mutateAsync({ toolId: tool.id, completedSteps: [...sent.completedSteps], stepResponses: { ...sent.stepResponses } }).then(
      () => {
        setStored(sent);
        const m = TOOLKIT_MESSAGES.saved(tool.title);
        notify.success(m.title, m.description);
      },
      (err: OpError) => notify.error('Progress not saved', errorText(err)),
    );
  };

  return (
    <div className="toolkit-tool">
      <div>
        <Button onClick={back}>Back to tools</Button>
      </div>
      <LeaveDialog
        open={asking}
        onLeave={() => {
          setAsking(false);
          onBack();
        }}
        onStay={() => setAsking(false)}
      />
      <Card
        title={
          <>
            <span className="toolkit-icon" aria-hidden="true">
              {tool.icon}
            </span>{' '}
            {tool.title}
          </>
        }
        description={tool.description}
      >
        <div className="toolkit-meta">
          <span>{tool.timeEstimate}</span>
          <Badge>{DIFFICULTY_LABELS[tool.difficulty]}</Badge>
          <span data-testid="toolkit-done">
            {progress.completedSteps.length} of {formatCounted(tool.steps.length, 'step')} done
          </span>
        </div>
        <p className="muted">Select a step to write your response. Selecting a step that has a response marks it done or not done.</p>
        <ol className="toolkit-steps">
          {tool.steps.map((step, i) => {
            const done = isCompleted(progress, i);
            const response = responseOf(progress, i);
            return (
              <li key={step.title} className={done ? 'toolkit-step done' : 'toolkit-step'} data-testid={`step-${i + 1}`}>
                <button type="button" className="toolkit-step-main" aria-pressed={done} onClick={() => onStep(i)}>
                  <span className="toolkit-check" aria-hidden="true">
                    {done ? '✓' : ''}
                  </span>
                  <span>
                    <strong>
                      Step {i + 1}: {step.title}
                    </strong>
                    <span className="toolkit-prompt">{step.prompt}</span>
                  </span>
                </button>
                {response ? <p className="toolkit-preview">{responsePreview(response)}</p> : null}
                <Button onClick={() => setEditing(i)} aria-label={`${response ? 'Edit response' : 'Add response'} for step ${i + 1}`}>
                  {response ? 'Edit response' : 'Add response'}
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="toolkit-actions">
          <Button
            variant="primary"
            onClick={onSave}
            busy={save.isPending}
            disabled={problem?.kind === 'none-completed'}
            aria-describedby={problem?.kind === 'none-completed' ? 'toolkit-save-hint' : undefined}
          >
            Save Progress
          </Button>
          {problem?.kind === 'none-completed' ? (
            <span id="toolkit-save-hint" className="muted">
              {problem.message}
            </span>
          ) : null}
        </div>
      </Card>
      {editing !== null ? (
        <StepResponseDialog
          step={tool.steps[editing]!}
          number={editing + 1}
          initial={responseOf(progress, editing)}
          onCancel={() => setEditing(null)}
          onSave={(text) => {
            setProgress((p) => saveResponse(p, editing, text));
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
