/**
 * `npm run bench:audit`: the audit log's CSV export at 1,000,000 entries (`--entries N` for another size), in a real
 * audit file. Prints the export's time, the file's size and main's longest event-loop hold meanwhile (what another
 * call would wait at worst), and with `--naive` the same for formatting every entry on main in one go (the export
 * before issue 26 item 6) for comparison.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openAuditDatabase } from '../main/audit/database.js';
import { exportAuditCsv } from '../main/audit/export.js';
import { createFolderSaveTarget } from '../main/files/save-target.js';
import { fileSaver, SavedFiles } from '../main/files/saved-files.js';
import { writeFileAtomically } from '../main/files/atomic-file.js';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_SOURCE, auditCsvCells } from '../shared/rules/audit/csv.js';
import { CSV_BOM, CSV_RECORD_END, csvLine } from '../shared/rules/common/csv.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ENTRIES = Number(arg('--entries') ?? 1_000_000);
const NAIVE = process.argv.includes('--naive');
const AREAS = ['banners', 'users', 'flags', 'feedback', 'coaches', 'products'];

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `fn` while measuring main's longest event-loop hold (ms). */
async function held<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; heldMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = process.hrtime.bigint();
  const value = await fn();
  const took = ms(t0);
  // One more turn so that a hold at the very end is recorded too.
  await new Promise((r) => setTimeout(r, 20));
  h.disable();
  return { value, ms: took, heldMs: h.max / 1e6 };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-bench-audit-'));
  const audit = openAuditDatabase(path.join(dir, 'audit.sqlite'), { log: () => undefined });
  try {
    const t0 = process.hrtime.bigint();
    audit.db.pragma('synchronous = OFF');
    const insert = audit.db.prepare(
      `insert into audit_log (at, admin_id, admin_email, operation, area, target_table, target_id, input, before, after, outcome, error_code, error_message)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const start = Date.UTC(2025, 0, 1);
    audit.db.transaction(() => {
      for (let i = 0; i < ENTRIES; i++) {
        const area = AREAS[i % AREAS.length]!;
        const failed = i % 20 === 0;
        insert.run(
          new Date(start + i * 30_000).toISOString(),
          `admin-${i % 4}`,
          `admin${i % 4}@reflect.local`,
          `${area}.update`,
          area,
          area,
          `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          JSON.stringify({ id: i, title: `Entry ${i}`, note: i % 50 === 0 ? '=HYPERLINK("x")' : 'an ordinary change, "quoted"' }),
          failed ? null : JSON.stringify({ title: `Before ${i}`, active: true }),
          failed ? null : JSON.stringify({ title: `After ${i}`, active: false }),
          failed ? 'failed' : 'ok',
          failed ? 'BACKEND_ERROR' : null,
          failed ? 'The request failed.' : null,
        );
      }
    })();
    audit.db.pragma('synchronous = FULL');
    console.log(`audit log of ${ENTRIES.toLocaleString('en')} entries written in ${(ms(t0) / 1000).toFixed(1)} s`);

    const target = fileSaver(createFolderSaveTarget(path.join(dir, 'exports')), new SavedFiles(undefined));
    const run = await held(() => exportAuditCsv(audit.db, target, {}));
    if (run.value.outcome !== 'saved') throw new Error(`export: ${run.value.outcome}`);
    const size = fs.statSync(run.value.path).size;
    console.log(
      `export (pages off main's thread): ${run.value.count.toLocaleString('en')} entries, ${mb(size)} in ${(run.ms / 1000).toFixed(1)} s; main's longest event-loop hold ${run.heldMs.toFixed(0)} ms`,
    );

    if (NAIVE) {
      const naive = await held(async () => {
        const rows = audit.db
          .prepare(`select ${AUDIT_CSV_SOURCE.join(', ')} from audit_log order by id desc`)
          .raw(true)
          .all() as (string | number | null)[][];
        const lines = rows.map((r) => csvLine(auditCsvCells(r)));
        return writeFileAtomically(path.join(dir, 'exports', 'naive.csv'), [
          CSV_BOM + [csvLine(AUDIT_CSV_COLUMNS), ...lines].join(CSV_RECORD_END) + CSV_RECORD_END,
        ]);
      });
      console.log(
        `naive (every entry formatted on main in one go): ${mb(naive.value.bytes)} in ${(naive.ms / 1000).toFixed(1)} s; main's longest event-loop hold ${naive.heldMs.toFixed(0)} ms`,
      );
    }
  } finally {
    audit.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
