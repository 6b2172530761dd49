#!/usr/bin/env node
/**
 * `npm start`: builds, then starts the desktop app. Where the Electron runtime is missing and cannot be
 * downloaded (it downloads on first start), says so in one line and starts browser mode instead, so the
 * first command always shows the app.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** The Electron binary, downloading it if needed (in a child, so a slow or blocked download can time out). */
function electronBinary() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return probe.status === 0 && probe.stdout ? probe.stdout.trim() : undefined;
}

function openInBrowser(url) {
  if (process.env.CI) return;
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

const binary = electronBinary();
if (binary) {
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('The Electron runtime is not installed and could not be downloaded here; starting browser mode instead.');
  const web = spawn(process.execPath, [path.join(root, 'dist/main/web.js'), ...process.argv.slice(2)], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
  web.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const url = /Reflect Admin: (http:\/\/\S+)/.exec(String(chunk))?.[1];
    if (url) openInBrowser(url);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => web.kill(signal));
  web.on('exit', (code) => process.exit(code ?? 0));
}
