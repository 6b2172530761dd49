import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { MissingBinaryError } from './binary-lookup.js';

/**
 * PostgREST publishes no Apple-silicon build: on an M-series Mac the demo runs the Intel binary under Rosetta 2.
 * Without Rosetta the exec fails deep inside the process guard ("Bad CPU type in executable") and the demo would
 * only time out, so the start checks first and says what to do in one line.
 */
export const ROSETTA_MISSING_MESSAGE =
  'The demo backend needs Rosetta 2 on this Mac (its PostgREST is an Intel binary). Install it with `softwareupdate --install-rosetta --agree-to-license`, then start again.';

export type CpuType = 'x86_64' | 'arm64' | 'other';

const MH_MAGIC_64 = 0xfeedfacf;
const FAT_MAGIC = 0xcafebabe;
const CPU = new Map<number, CpuType>([
  [0x01000007, 'x86_64'],
  [0x0100000c, 'arm64'],
]);

/** The architectures a Mach-O executable holds (thin or universal), from its first bytes; null when it is not one. */
export function machOCpuTypes(head: Buffer): CpuType[] | null {
  if (head.length < 8) return null;
  if (head.readUInt32LE(0) === MH_MAGIC_64) return [CPU.get(head.readUInt32LE(4)) ?? 'other'];
  if (head.readUInt32BE(0) === FAT_MAGIC) {
    const n = head.readUInt32BE(4);
    const types: CpuType[] = [];
    // Each fat_arch is 20 bytes: cputype first, big-endian.
    for (let i = 0; i < n && 8 + i * 20 + 4 <= head.length; i++) types.push(CPU.get(head.readUInt32BE(8 + i * 20)) ?? 'other');
    return types;
  }
  return null;
}

/** True where the binary can only run translated: an Apple-silicon Mac and an executable with no arm64 code. */
export function needsRosetta(platform: NodeJS.Platform, arch: string, types: readonly CpuType[] | null): boolean {
  return platform === 'darwin' && arch === 'arm64' && types !== null && !types.includes('arm64') && types.includes('x86_64');
}

export interface RosettaEnv {
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  readHead(file: string): Buffer;
  /** Whether an Intel program runs here (`arch -x86_64 /usr/bin/true` exits 0 only with Rosetta installed). */
  translates(): boolean;
}

const systemEnv: RosettaEnv = {
  platform: process.platform,
  arch: process.arch,
  readHead: (file) => {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(4096);
      return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  },
  translates: () => spawnSync('/usr/bin/arch', ['-x86_64', '/usr/bin/true'], { timeout: 10_000 }).status === 0,
};

/** Throws ROSETTA_MISSING_MESSAGE when `exe` needs Rosetta 2 and this Mac has none; does nothing elsewhere. */
export function assertRunnable(exe: string, env: RosettaEnv = systemEnv): void {
  if (env.platform !== 'darwin' || env.arch !== 'arm64') return;
  if (needsRosetta(env.platform, env.arch, machOCpuTypes(env.readHead(exe))) && !env.translates()) throw new MissingBinaryError(ROSETTA_MISSING_MESSAGE);
}
