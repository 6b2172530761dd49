import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { readWav } from '../../shared/rules/tts/wav.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

// 17 sentences of 50 characters: 850 characters, so two chunks.
async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const TWO_CHUNKS = 'Take a breath and notice how your body feels now. '.repeat(17).trim();

describe('text-to-speech generator (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let page: Page;
  // Every /api/events request the page makes: the app must hold one shared stream, however many subscribers.
  const eventStreams: string[] = [];
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    page = await browser.newPage();
    page.on('request', (r) => (new URL(r.url()).pathname === '/api/events' ? eventStreams.push(r.url()) : undefined));
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'TTS Generator', exact: true }).click();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the token estimate and refuses text over 32,000 tokens', async () => {
    const text = page.getByLabel('Text to speak');
    await text.fill('a'.repeat(128_001));
    await expect(page.getByText('Text exceeds 32,000 token limit. Please reduce the text length.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Audio' })).toBeDisabled();
    await text.fill('abcde');
    await expect(page.getByText('Estimated tokens: 2')).toBeVisible();
    await expectChosen(page.getByLabel('Voice'), 'Puck');
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('generates a two-chunk text with progress, plays it and downloads a valid WAV of the right duration', { timeout: 300_000 }, async () => {
    await page.getByLabel('Text to speak').fill(TWO_CHUNKS);
    await chooseOption(page.getByLabel('Voice'), { value: 'Kore' });
    // Every text the progress line shows, recorded as it changes: the second chunk is one short sentence, spoken
    // in a fraction of a second, and polling for its text would miss it (Playwright polls once a second).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { ttsProgress: string[] }).ttsProgress = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="tts-progress"]')?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Generate Audio' }).focus();
    await page.keyboard.press('Enter');
    const filename = page.getByLabel('Filename');
    await expect(filename).toHaveValue(/^tts-Kore-\d+-2chunks$/, { timeout: 120_000 });
    assert(await page.evaluate(() => (window as unknown as { ttsProgress: string[] }).ttsProgress)).toEqual([
      'Generating chunk 1 of 2',
      'Generating chunk 2 of 2',
    ]);
    await expect(page.getByTestId('tts-progress')).toHaveCount(0);
    const time = await page.getByTestId('tts-time').textContent();
    const total = time!.split(' / ')[1]!;
    assert(total).toMatch(/^\d+:\d\d$/);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

    await filename.fill('');
    await page.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByText('Please provide a filename')).toBeVisible();
    await filename.fill('calm-breath');
    await page.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByText('calm-breath.wav').first()).toBeVisible();
    const file = path.join(app.dataDir, 'exports', 'calm-breath.wav');
    // Browser mode has no file manager to show it in: the toast names the folder (issue 28 §3).
    await expect(toast(page, `calm-breath.wav saved in ${path.dirname(file)}`)).toBeVisible();
    const wav = new Uint8Array(fs.readFileSync(file));
    const info = readWav(wav);
    assert(info).toMatchObject({ format: 1, sampleRate: 24000, channels: 1, bits: 16 });
    const seconds = info.dataBytes / 48000;
    const [m, s] = total.split(':').map(Number);
    assert(Math.floor(seconds)).toBe(m! * 60 + s!);
    assert(seconds).toBeGreaterThan(30);
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('saves to the library, plays, downloads and deletes there; cleans up a failed row', { timeout: 180_000 }, async () => {
    const databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Audio saved successfully!').first()).toBeVisible({ timeout: 30_000 });
    const rows = await query<{ file_path: string; file_size: string; voice_used: string; estimated_tokens: number }>(
      databaseUrl,
      "select file_path, file_size, voice_used, estimated_tokens from tts_generated_audio where filename = 'calm-breath'",
    );
    assert(rows).toHaveLength(1);
    assert(rows[0]).toMatchObject({ voice_used: 'Kore', estimated_tokens: Math.ceil(TWO_CHUNKS.length / 4) });
    assert(rows[0]!.file_path).toMatch(/^admin\/[0-9a-f-]{36}\/calm-breath\.mp3$/);
    // A second save under the same name is refused by main, naming the name; nothing is overwritten.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Failed to save audio').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('A file named "calm-breath" is already in your library.', { exact: false }).first()).toBeVisible();
    assert(await query(databaseUrl, "select id from tts_generated_audio where filename = 'calm-breath'")).toHaveLength(1);

    await page.getByRole('button', { name: 'View Library' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/tts-library$/);
    const item = page.locator('.tts-file', { hasText: 'calm-breath' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Kore');
    await expect(item).toContainText(`${Math.ceil(TWO_CHUNKS.length / 4).toLocaleString('en-US')} tokens`);
    await item.getByRole('button', { name: 'Play calm-breath' }).click();
    // Play fetches the saved file from storage first: allow for a loaded machine.
    await expect(item.getByRole('button', { name: 'Stop calm-breath' })).toBeVisible({ timeout: 30_000 });
    await item.getByRole('button', { name: 'Stop calm-breath' }).click();
    await item.getByRole('button', { name: 'Download calm-breath' }).click();
    await expect(page.getByText('calm-breath-1.wav').first()).toBeVisible({ timeout: 30_000 });
    assert(readWav(new Uint8Array(fs.readFileSync(path.join(app.dataDir, 'exports', 'calm-breath-1.wav')))).sampleRate).toBe(24000);
    let findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);

    // Delete with the keyboard: the confirmation starts on Cancel.
    await item.getByRole('button', { name: 'Delete calm-breath' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete "calm-breath"? This cannot be undone.' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(item).toHaveCount(0);
    assert(await query(databaseUrl, "select id from tts_generated_audio where filename = 'calm-breath'")).toEqual([]);

    await query(databaseUrl, "insert into tts_generated_audio (user_id, filename, file_size) select id, 'e2e-failed', null from auth.users where email = $1", [
      DEMO.admin,
    ]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('.tts-file', { hasText: 'e2e-failed' })).toBeVisible();
    await expect(page.locator('.tts-file', { hasText: 'e2e-failed' })).toContainText('No text available');
    // A file with no audio says which file and why, under the spec's title.
    await page.getByRole('button', { name: 'Play e2e-failed' }).click();
    await expect(page.getByText('Play failed').first()).toBeVisible();
    await expect(page.getByText('No audio is stored for "e2e-failed": its save did not finish.', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Clean Up Failed' }).click();
    const cleanup = page.getByRole('alertdialog', { name: 'Delete all failed/empty files? This cannot be undone.' });
    await cleanup.getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.tts-file', { hasText: 'e2e-failed' })).toHaveCount(0);
    findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });
  it('plays and downloads every seeded library file: rows and stored audio agree, named as the generator names them', { timeout: 120_000 }, async () => {
    const databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    const seeded = await query<{ filename: string; file_size: string; duration: string; estimated_tokens: number; original_text: string }>(
      databaseUrl,
      `select filename, file_size, duration, estimated_tokens, original_text from tts_generated_audio a join auth.users u on u.id = a.user_id
       where u.email = $1 and a.file_size > 0 and a.filename like 'tts-%' order by a.created_at desc`,
      [DEMO.admin],
    );
    assert(seeded.map((r) => r.filename.split('-')[1]).sort()).toEqual(['Aoede', 'Charon', 'Fenrir', 'Kore', 'Leda', 'Orus', 'Puck', 'Zephyr']);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'TTS Library', exact: true }).click();
    for (const row of seeded) {
      assert(row.filename).toMatch(/^tts-[A-Z][a-z]+-\d+$/);
      assert(row.estimated_tokens).toBe(Math.ceil(row.original_text.length / 4));
      const item = page.locator('.tts-file', { hasText: row.filename });
      await item.getByRole('button', { name: `Play ${row.filename}` }).click();
      await expect(item.getByRole('button', { name: `Stop ${row.filename}` })).toBeVisible({ timeout: 30_000 });
      await item.getByRole('button', { name: `Stop ${row.filename}` }).click();
      await item.getByRole('button', { name: `Download ${row.filename}` }).click();
      await expect(page.getByText(`${row.filename}.wav`).first()).toBeVisible({ timeout: 30_000 });
      const wav = new Uint8Array(fs.readFileSync(path.join(app.dataDir, 'exports', `${row.filename}.wav`)));
      assert(wav.length).toBe(Number(row.file_size));
      const info = readWav(wav);
      assert(info).toMatchObject({ sampleRate: 24000, channels: 1, bits: 16 });
      assert(info.dataBytes / 48000).toBeCloseTo(Number(row.duration), 1);
    }
    await expect(page.getByText('Play failed')).toHaveCount(0);
    await expect(page.getByText('Download failed')).toHaveCount(0);
  });

  it('holds one event stream for all its subscribers, and operations still answer', async () => {
    // The app (session events) and the generator page (progress) both subscribe; the library and a return to the
    // generator subscribe again. One stream per subscriber would have opened several.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'TTS Generator', exact: true }).click();
    await expect(page.getByLabel('Text to speak')).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'TTS Library', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'TTS Generator', exact: true }).click();
    await expect(page.getByLabel('Text to speak')).toBeVisible();
    assert(eventStreams).toHaveLength(1);
    await page.getByLabel('Text to speak').fill('One short sentence.');
    await page.getByRole('button', { name: 'Generate Audio' }).click();
    await expect(page.getByLabel('Filename')).toHaveValue(/^tts-Puck-\d+$/, { timeout: 60_000 });
    assert(eventStreams).toHaveLength(1);
  });

  it('why: in Chromium, six open streams to the same host leave the next request queued', async () => {
    // The mechanism behind the old "Generating chunk 1 of 2" hang: six streaming fetches (plus the app's own)
    // take every HTTP/1.1 connection Chromium allows per host, and an operation waits until one closes.
    const outcome = await page.evaluate(async () => {
      const token = sessionStorage.getItem('reflect-admin-token') ?? '';
      const headers = { 'x-reflect-token': token };
      const streams = Array.from({ length: 6 }, () => new AbortController());
      for (const c of streams) void fetch('/api/events', { headers, signal: c.signal }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const op = fetch('/api/op/auth.getSession', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' }).then(
        (r) => r.status,
      );
      const whileOpen = await Promise.race([op, new Promise((r) => setTimeout(() => r('queued'), 3000))]);
      for (const c of streams) c.abort();
      return { whileOpen, afterClose: await op };
    });
    assert(outcome).toEqual({ whileOpen: 'queued', afterClose: 200 });
  });
});
