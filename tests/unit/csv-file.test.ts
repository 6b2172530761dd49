// SECURITY.md F1: the CSV writer writes a temporary file beside the target, fsyncs and renames it; a failure
// leaves the previous file untouched and no temporary file behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCsvFile } from '../../main/files/csv-file.js';
import { csvLine, neutraliseCsvText } from '../../shared/rules/common/csv.js';
import { parseCsv } from '../fixtures/users-csv.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-csv-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('csvLine', () => {
  it('formats a record as csv-stringify does (RFC 4180, every line break quoted) once each cell is neutralised', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', "'", '=', 'é', '\t') });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
        expect(csvLine(cells) + '\r\n').toBe(stringify([cells.map(neutraliseCsvText)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ }));
      }),
      { numRuns: 500 },
    );
  });
});

describe('writeCsvFile', () => {
  it('writes a BOM, the header and every record with CRLF and RFC 4180 quoting', async () => {
    const target = path.join(dir, 'out.csv');
    const records = [
      ['plain', 'has,comma', 'has "quote"'],
      ['line\nbreak', "'=1+1", ''],
    ];
    const result = await writeCsvFile(target, ['A', 'B', 'C'], records);
    const text = fs.readFileSync(target, 'utf8');
    expect(text).toBe('\ufeffA,B,C\r\nplain,"has,comma","has ""quote"""\r\n"line\nbreak",\'=1+1,\r\n');
    expect(parseCsv(text)).toEqual([['A', 'B', 'C'], ...records]);
    expect(result).toEqual({ path: target, records: 2, bytes: Buffer.byteLength(text) });
    expect(fs.readdirSync(dir)).toEqual(['out.csv']);
  });

  it('streams many records in batches from a generator', async () => {
    const target = path.join(dir, 'many.csv');
    function* rows() {
      for (let i = 0; i < 4321; i++) yield [String(i), `user${i}@example.com`];
    }
    const result = await writeCsvFile(target, ['n', 'email'], rows());
    const parsed = parseCsv(fs.readFileSync(target, 'utf8'));
    expect(result.records).toBe(4321);
    expect(parsed).toHaveLength(4322);
    expect(parsed.at(-1)).toEqual(['4320', 'user4320@example.com']);
  });

  it('replaces an existing file only when the new one is complete', async () => {
    const target = path.join(dir, 'users.csv');
    fs.writeFileSync(target, 'previous export');
    async function* failing() {
      yield ['one'];
      yield ['two'];
      throw new Error('the backend went away');
    }
    await expect(writeCsvFile(target, ['x'], failing())).rejects.toThrow('the backend went away');
    expect(fs.readFileSync(target, 'utf8')).toBe('previous export');
    expect(fs.readdirSync(dir)).toEqual(['users.csv']);
    await writeCsvFile(target, ['x'], [['new']]);
    expect(fs.readFileSync(target, 'utf8')).toBe('\ufeffx\r\nnew\r\n');
  });

  it('refuses a relative path (only the save dialog names the file)', async () => {
    await expect(writeCsvFile('relative.csv', ['x'], [])).rejects.toThrow(/absolute path/);
  });

  it('takes records already formatted as lines', async () => {
    const target = path.join(dir, 'lines.csv');
    await writeCsvFile(target, ['a', 'b'], [csvLine(['1', 'x,y']), ['2', 'z']]);
    expect(fs.readFileSync(target, 'utf8')).toBe('\ufeffa,b\r\n1,"x,y"\r\n2,z\r\n');
  });
});
