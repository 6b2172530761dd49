import { describe, expect, it } from 'vitest';
import { assertRunnable, machOCpuTypes, needsRosetta, ROSETTA_MISSING_MESSAGE, type RosettaEnv } from '../../main/local-backend/process/rosetta.js';
import { MissingBinaryError } from '../../main/local-backend/process/binary-lookup.js';

const X86_64 = 0x01000007;
const ARM64 = 0x0100000c;

function thin(cpu: number): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(cpu, 4);
  return b;
}

function fat(...cpus: number[]): Buffer {
  const b = Buffer.alloc(8 + cpus.length * 20);
  b.writeUInt32BE(0xcafebabe, 0);
  b.writeUInt32BE(cpus.length, 4);
  cpus.forEach((c, i) => b.writeUInt32BE(c, 8 + i * 20));
  return b;
}

const env = (head: Buffer, translates: boolean, platform: NodeJS.Platform = 'darwin', arch = 'arm64'): RosettaEnv & { asked: number } => {
  const e = {
    platform,
    arch,
    asked: 0,
    readHead: () => head,
    translates: () => {
      e.asked += 1;
      return translates;
    },
  };
  return e;
};

describe('PostgREST on Apple silicon (an Intel binary: Rosetta 2)', () => {
  it('reads the architectures of thin and universal Mach-O executables', () => {
    expect(machOCpuTypes(thin(X86_64))).toEqual(['x86_64']);
    expect(machOCpuTypes(thin(ARM64))).toEqual(['arm64']);
    expect(machOCpuTypes(fat(X86_64, ARM64))).toEqual(['x86_64', 'arm64']);
    expect(machOCpuTypes(Buffer.from('\x7fELF\x02\x01\x01\x00'))).toBeNull();
    expect(machOCpuTypes(Buffer.alloc(3))).toBeNull();
  });

  it('needs Rosetta only for an Intel-only binary on an Apple-silicon Mac', () => {
    expect(needsRosetta('darwin', 'arm64', ['x86_64'])).toBe(true);
    expect(needsRosetta('darwin', 'arm64', ['x86_64', 'arm64'])).toBe(false);
    expect(needsRosetta('darwin', 'x64', ['x86_64'])).toBe(false);
    expect(needsRosetta('linux', 'arm64', ['x86_64'])).toBe(false);
    expect(needsRosetta('darwin', 'arm64', null)).toBe(false);
  });

  it('refuses to start without Rosetta in one line naming the command that installs it', () => {
    expect(() => assertRunnable('/x/postgrest', env(thin(X86_64), false))).toThrow(MissingBinaryError);
    expect(() => assertRunnable('/x/postgrest', env(thin(X86_64), false))).toThrow(ROSETTA_MISSING_MESSAGE);
    expect(ROSETTA_MISSING_MESSAGE).toContain('softwareupdate --install-rosetta --agree-to-license');
    expect(ROSETTA_MISSING_MESSAGE).not.toContain('\n');
  });

  it('starts with Rosetta installed, with an arm64 build, and never asks elsewhere', () => {
    expect(() => assertRunnable('/x/postgrest', env(thin(X86_64), true))).not.toThrow();
    const native = env(fat(X86_64, ARM64), false);
    assertRunnable('/x/postgrest', native);
    expect(native.asked).toBe(0);
    const linux = env(thin(X86_64), false, 'linux', 'x64');
    assertRunnable('/x/postgrest', linux);
    expect(linux.asked).toBe(0);
  });
});
