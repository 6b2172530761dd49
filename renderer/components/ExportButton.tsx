import { useCallback, useState } from 'react';
import type { ExportOutcome } from '../../shared/contract/export.js';
import type { OpError } from '../api/hooks.js';
import { Button } from './Button.js';
import { notify } from './Toaster.js';
import { notifySaved } from './saved-file.js';
import { errorText } from '../lib/op-error-text.js';

type Saved = Extract<ExportOutcome, { outcome: 'saved' }>;

/** What the toasts say after an export, in the spec's words of each screen. */
export interface ExportMessages {
  /** The success toast's title and detail, e.g. ['Audit log exported', `${r.count} entries saved to ${r.path}`]. */
  readonly saved: (r: Saved) => readonly [title: string, detail?: string];
  /** Nothing to export (the filters match no row). */
  readonly empty: string;
  /** The empty answer is an error toast, where the spec says so; else an info one. */
  readonly emptyIsError?: boolean;
  /** The error toast's title ('Export failed'); its detail is the server's message. */
  readonly failed?: string;
}

/** The toast after an export's answer; none for a cancelled save dialog. */
export function exportToast(r: ExportOutcome, messages: ExportMessages): { tone: 'success' | 'info' | 'error'; title: string; detail?: string } | null {
  if (r.outcome === 'saved') {
    const [title, detail] = messages.saved(r);
    return detail === undefined ? { tone: 'success', title } : { tone: 'success', title, detail };
  }
  if (r.outcome === 'empty') return { tone: messages.emptyIsError ? 'error' : 'info', title: messages.empty };
  return null;
}

/**
 * One export, run once at a time: `running` while main writes the file; the toast after says where it went, that
 * there was nothing, or why it failed. A cancelled save dialog says nothing. For a palette action beside the button.
 */
export function useExport(run: () => Promise<ExportOutcome>, messages: ExportMessages) {
  const [running, setRunning] = useState(false);
  const start = useCallback(async () => {
    if (running) return;
    setRunning(true);
    try {
      const r = await run();
      // A saved file's toast offers Show in Folder and Open (or names its folder in browser mode).
      if (r.outcome === 'saved') notifySaved(...messages.saved(r), r.file);
      else {
        const toast = exportToast(r, messages);
        if (toast) notify[toast.tone](toast.title, toast.detail);
      }
    } catch (err) {
      notify.error(messages.failed ?? 'Export failed', errorText(err as OpError));
    } finally {
      setRunning(false);
    }
  }, [run, messages, running]);
  return { running, start } as const;
}

interface Props {
  /** The export op's call with the screen's filters, e.g. `() => exportCsv.mutateAsync(filters)`. */
  readonly run: () => Promise<ExportOutcome>;
  readonly messages: ExportMessages;
  readonly label?: string;
  readonly variant?: 'primary' | 'secondary';
  readonly disabled?: boolean;
  /** The screen shows no row: a click says so (messages.empty) without asking main. */
  readonly nothingShown?: boolean;
  /** The screen's own useExport(run, messages), where a palette action runs the same export. */
  readonly exporter?: Exporter;
}

export type Exporter = ReturnType<typeof useExport>;

/** Export CSV: busy and disabled while the export runs, so a second click cannot start a second file. */
export function ExportButton({ run, messages, label = 'Export CSV', variant = 'primary', disabled = false, nothingShown = false, exporter: given }: Props) {
  const own = useExport(run, messages);
  const exporter = given ?? own;
  const click = () => (nothingShown ? notifyEmpty(messages) : void exporter.start());
  return (
    <Button variant={variant} onClick={click} busy={exporter.running} disabled={disabled}>
      {label}
    </Button>
  );
}

/** The empty toast alone, for a screen that knows there is nothing before asking main. */
export function notifyEmpty(messages: ExportMessages): void {
  (messages.emptyIsError ? notify.error : notify.info)(messages.empty);
}
