/**
 * CSV exports on disk: records are formatted by shared/rules/common/csv.ts (csvLine: each cell neutralised (F2), then
 * RFC 4180 quoting; the same rule for every export, and cheap enough per record that a sorted export can keep each
 * row as one short line) and written in batches through writeFileAtomically (temporary file, fsync, rename: F1).
 * A preformatted line must be a CsvLine (made by csvLine), so no text reaches the file without the rule.
 * csv-stringify is not used: per-record formatting is a few lines, and its equivalence is checked by a test.
 */
import { CSV_BOM, CSV_RECORD_END, csvLine, type CsvLine } from '../../shared/rules/common/csv.js';
import { writeFileAtomically } from './atomic-file.js';

export interface CsvWriteResult {
  readonly path: string;
  readonly records: number;
  readonly bytes: number;
}

/** Lines joined per batch: few large writes instead of one per record. */
const BATCH = 2000;

/** Writes a header and records given as cells, or as lines already formatted with csvLine. */
export async function writeCsvFile(
  target: string,
  header: readonly string[],
  records: Iterable<readonly string[] | CsvLine> | AsyncIterable<readonly string[] | CsvLine>,
): Promise<CsvWriteResult> {
  let count = 0;
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(header) + CSV_RECORD_END;
    let batch = '';
    let inBatch = 0;
    for await (const record of records) {
      batch += (typeof record === 'string' ? record : csvLine(record)) + CSV_RECORD_END;
      count++;
      if (++inBatch === BATCH) {
        yield batch;
        batch = '';
        inBatch = 0;
      }
    }
    if (batch) yield batch;
  }
  const written = await writeFileAtomically(target, chunks());
  return { path: written.path, records: count, bytes: written.bytes };
}
