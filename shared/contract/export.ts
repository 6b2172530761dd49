/**
 * The one shape of a CSV export: its outcome, and the one way to declare the operation. An export reads the
 * project and writes a file on this computer (F1: main chooses where, the window never sends a path), so it is a
 * local write that a read-only connection still allows, recorded in the audit log with the filters it was given.
 */
import type { z } from 'zod';
import { op } from './define.js';
import { auditNone } from './facts.js';

/**
 * A file main wrote this session, as the window may know it: the folder it is in (browser mode's toast names it),
 * and an opaque token that Show in Folder and Open (app.showSavedFile, app.openSavedFile) send back in the desktop
 * app; null in browser mode, where there is no file manager to show it in. The window never sends a path (F1).
 */
export interface SavedFile {
  readonly folder: string;
  readonly token: string | null;
}

/** What an export did. No path ever comes from the renderer (F1); main reports where it wrote. */
export type ExportOutcome =
  | { readonly outcome: 'saved'; readonly count: number; readonly path: string; readonly fileName: string; readonly file: SavedFile }
  | { readonly outcome: 'cancelled' }
  | { readonly outcome: 'empty' };

const EXPORT_AUDIT = auditNone('An export writes a file on this computer; the entry keeps the filters it was asked for.');

/** `csvExport(inputSchema, { invalidates })`: an admin write, effect local, audited without rows, answering an ExportOutcome. */
export function csvExport<I extends z.ZodType, const V extends readonly string[] = readonly []>(input: I, opts: { readonly invalidates?: V } = {}) {
  return op<ExportOutcome>()({
    input,
    kind: 'write',
    access: 'admin',
    effect: 'local',
    audit: EXPORT_AUDIT,
    invalidates: (opts.invalidates ?? []) as V,
  });
}
