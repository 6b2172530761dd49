import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { readWav } from '../../shared/rules/tts/wav.js';

// 17 sentences of 50 characters: 850 characters, so two chunks.
const TWO_CHUNKS = 'Take a breath and notice how your body feels now. '.repeat(17).trim();

describe('text-to-speech generator (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    page = await browser.newPage();
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
    await expect(page.getByLabel('Voice')).toHaveValue('Puck');
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('generates a two-chunk text with progress, plays it and downloads a valid WAV of the right duration', { timeout: 300_000 }, async () => {
    await page.getByLabel('Text to speak').fill(TWO_CHUNKS);
    await page.getByLabel('Voice').selectOption('Kore');
    await page.getByRole('button', { name: 'Generate Audio' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tts-progress')).toHaveText('Generating chunk 1 of 2', { timeout: 60_000 });
    await expect(page.getByTestId('tts-progress')).toHaveText('Generating chunk 2 of 2', { timeout: 120_000 });
    const filename = page.getByLabel('Filename');
    await expect(filename).toHaveValue(/^tts-Kore-\d+-2chunks$/, { timeout: 120_000 });
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
});
