#!/usr/bin/env node
/**
 * `npm start`: builds, then starts the desktop app. Where the Electron runtime is missing and cannot be
 * downloaded (it downloads on first start), says so in one line and starts browser mode instead, so the
 * first command always shows the app.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadError } from './support/download-error.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const USAGE = `Usage: npm start [-- options]

Builds, then starts Reflect Admin on the embedded demo backend (or the connection you chose last).

Options:
  --help        print this and exit
  Other options go to the app; where the Electron runtime cannot be downloaded, npm start opens browser mode
  instead and passes them to it (see npm run start:web -- --help).

Environment:
  REFLECT_USER_DATA_DIR   another user-data folder (profiles, keys, caches, audit logs)
  REFLECT_DEBUG=1         debug logging
`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}

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
  if (probe.status === 0 && probe.stdout) return { binary: probe.stdout.trim() };
  // require('electron') fails when the runtime is absent; its installer says why the download failed.
  const install = spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron', 'install.js')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (install.status === 0) {
    const again = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (again.status === 0 && again.stdout) return { binary: again.stdout.trim() };
  }
  return { error: downloadError(install.stderr || install.error?.message, install.error?.code === 'ETIMEDOUT') };
}

function openInBrowser(url) {
  if (process.env.CI) return;
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

const { binary, error } = electronBinary();
if (binary) {
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`The Electron runtime could not be downloaded (${error}); starting browser mode instead.`);
  const web = spawn(process.execPath, [path.join(root, 'dist/main/web.js'), ...process.argv.slice(2)], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
  web.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const url = /Reflect Admin: (http:\/\/\S+)/.exec(String(chunk))?.[1];
    if (url) openInBrowser(url);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => web.kill(signal));
  web.on('exit', (code) => process.exit(code ?? 0));
}
