#!/usr/bin/env node
/**
 * `npm run dev [-- browser-mode options]`: the renderer from Vite's dev server with hot reload, and browser mode's
 * main process rebuilt and restarted whenever its code changes. Open the address it prints. Main's build goes to
 * dist-dev/ so a dev session never touches dist/ (the tests' and `npm start`'s build).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devCallHeaders, parseStartLine } from './support/dev-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = 'dist-dev';
const USAGE = `Usage: npm run dev [-- options]

Development: serves the renderer from Vite's dev server (hot reload) and runs browser mode's main process, rebuilt
and restarted when main's code changes. Open the address it prints. Main's build goes to dist-dev/.

Options:
  --dev-port N   the dev server's port (default 5173)
  --help         print this and exit
  Other options go to browser mode (npm run start:web -- --help lists them; --port is chosen by npm run dev).
`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const portAt = argv.indexOf('--dev-port');
const devPort = portAt >= 0 ? Number(argv[portAt + 1]) : 5173;
if (!Number.isInteger(devPort) || devPort <= 0 || devPort > 65535) {
  console.error(`--dev-port must be a port number, not "${argv[portAt + 1]}"`);
  process.exit(1);
}
const mainArgs = argv.filter((a, i) => i !== portAt && i !== portAt + 1 && a !== '--port' && argv[i - 1] !== '--port');

const devToken = crypto.randomBytes(32).toString('base64url');
const devOrigins = [`http://127.0.0.1:${devPort}`, `http://localhost:${devPort}`];
const webJs = path.join(root, OUT, 'main', 'web.js');
let target = null;
let web = null;
let stopping = false;

/**
 * Main's build, watched: esbuild rebuilds dist-dev/main/web.js on every change below it, and each finished build
 * (the first included) (re)starts browser mode. The migrations are copied at start; a new one needs a new run.
 */
async function watchMain(onBuilt) {
  process.env.REFLECT_DIST = OUT;
  const { webBuild, copyMigrations } = await import('./build-main.mjs');
  copyMigrations();
  const esbuild = await import('esbuild');
  const ctx = await esbuild.context({
    ...webBuild,
    absWorkingDir: root,
    logLevel: 'warning',
    plugins: [{ name: 'restart', setup: (b) => b.onEnd((r) => void (r.errors.length === 0 && onBuilt())) }],
  });
  await ctx.watch();
  return ctx;
}

/** Browser mode serves no page in development (Vite does), but it wants a renderer folder to start. */
function stubRenderer() {
  const dir = path.join(root, OUT, 'renderer');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Reflect Admin</title><p>Open http://127.0.0.1:${devPort}/ instead.</p>\n`);
}

function startMain() {
  target = null;
  const child = spawn(process.execPath, ['--enable-source-maps', webJs, '--port', '0', ...mainArgs], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => {
    const line = parseStartLine(String(chunk));
    if (!line) return void process.stdout.write(chunk);
    target = line;
    console.log(`Browser mode's main is on port ${line.port}; the dev server passes the page's calls to it.`);
    console.log(`Reflect Admin (dev): http://127.0.0.1:${devPort}/#token=${devToken}`);
  });
  child.on('exit', (code) => {
    if (web === child) web = null;
    if (!stopping && code !== 0 && code !== null) console.error(`Browser mode stopped (exit ${code}); it starts again on the next change to main.`);
  });
  web = child;
}

/** One restart at a time: two builds finishing close together must not leave two browser modes running. */
let restarts = Promise.resolve();
function restartMain() {
  restarts = restarts.then(async () => {
    const old = web;
    if (old && old.exitCode === null && old.signalCode === null) {
      const gone = new Promise((r) => old.once('exit', r));
      old.kill('SIGTERM');
      await gone;
    }
    if (!stopping) startMain();
  });
  return restarts;
}

/** Browser mode's API calls to its current address, with the dev page's token swapped for main's (dev-proxy.mjs says why). */
function forward(req, res) {
  const t = target;
  if (!t) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Reflect Admin is restarting; try again in a moment.');
  }
  const headers = { ...req.headers, host: `127.0.0.1:${t.port}`, ...(devCallHeaders(req.headers, devOrigins, devToken, t) ?? {}) };
  const up = http.request({ host: '127.0.0.1', port: t.port, method: req.method, path: req.originalUrl ?? req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  up.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  res.on('close', () => up.destroy());
  req.pipe(up);
}

stubRenderer();
let builds = 0;
const build = await watchMain(() => {
  if (builds++ > 0) console.log('Main changed: restarting browser mode…');
  void restartMain();
});

const { createServer } = await import('vite');
const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  server: { host: '127.0.0.1', port: devPort, strictPort: true },
  plugins: [
    {
      name: 'reflect-admin-api',
      // Browser mode's API only: the renderer's own modules live under /api/ too (renderer/api/*.ts).
      configureServer: (server) => {
        server.middlewares.use('/api/op/', forward);
        server.middlewares.use('/api/events', forward);
      },
    },
  ],
});

const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  await build.dispose();
  await vite.close().catch(() => undefined);
  await restarts;
  const last = web;
  if (last && last.exitCode === null && last.signalCode === null) {
    const gone = new Promise((r) => last.once('exit', r));
    last.kill('SIGTERM');
    await gone;
  }
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop());
// Vite ends the process itself on SIGTERM (after closing its server), before stop() has run: browser mode must
// not outlive us either way. It shuts down on SIGTERM, its guards stopping PostgreSQL and PostgREST.
process.on('exit', () => {
  if (web && web.exitCode === null && web.signalCode === null) web.kill('SIGTERM');
});
await vite.listen().catch((err) => {
  console.error(`The dev server could not start: ${err.message}`);
  void stop(1);
});
