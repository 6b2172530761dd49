#!/usr/bin/env node
/**
 * `node scripts/run-both.mjs "<command>" "<command>" ...`: runs the commands two at a time (this project's CI and
 * development machines have two cores and the checks are single-threaded), prints each one's output whole when it
 * ends so the logs do not interleave, and exits with the first failure's code after every command has ended.
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const AT_ONCE = 2;
let next = 0;
let failed = 0;

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(Buffer.concat(out));
      const status = code === 0 ? 'done' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`> ${command}: ${status} in ${seconds} s`);
      if (code !== 0 && failed === 0) failed = code ?? 1;
      resolve();
    });
  });
}

async function worker() {
  while (next < commands.length) await run(commands[next++]);
}

await Promise.all(Array.from({ length: Math.min(AT_ONCE, commands.length) }, worker));
process.exit(failed);
