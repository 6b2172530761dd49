import fs from 'node:fs';
import path from 'node:path';

/**
 * Where an export goes. Main alone chooses the path: the native save dialog in the desktop app, a folder of
 * the data directory in browser mode and tests. The renderer never names a path (SECURITY.md F1).
 */
export interface SaveRequest {
  /** Suggested file name, e.g. users-2026-11-22.csv. */
  readonly defaultName: string;
  readonly filters: readonly { readonly name: string; readonly extensions: readonly string[] }[];
}

export interface SaveTarget {
  /** The absolute path to write, or undefined when the administrator cancelled. */
  choose(request: SaveRequest): Promise<string | undefined>;
}

/** Browser mode: files land in <dataDir>/exports, never overwriting an earlier export. */
export function createFolderSaveTarget(folder: string): SaveTarget {
  return {
    async choose({ defaultName }) {
      fs.mkdirSync(folder, { recursive: true });
      const safe = path.basename(defaultName).replace(/[^A-Za-z0-9._-]/g, '_') || 'export';
      const ext = path.extname(safe);
      const stem = safe.slice(0, safe.length - ext.length);
      for (let n = 0; ; n++) {
        const candidate = path.join(folder, n === 0 ? safe : `${stem}-${n}${ext}`);
        if (!fs.existsSync(candidate)) return candidate;
      }
    },
  };
}
