/**
 * The packaged binary's fuses, as `@electron/fuses read --app <binary>` prints them ("  RunAsNode is Disabled"),
 * against electron-builder.yml's electronFuses (runAsNode: false). Pure; tests/unit/release-fuses.test.ts.
 */
export type FuseState = 'Enabled' | 'Disabled' | 'Inherited' | 'Removed';

/** electron-builder's option keys that are not fuses. */
const NOT_FUSES = new Set(['resetAdHocDarwinSignature', 'strictlyRequireAllFuses']);

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function parseFuseRead(output: string): Map<string, FuseState> {
  const fuses = new Map<string, FuseState>();
  for (const line of output.replace(ANSI, '').split(/\r?\n/)) {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*) is (Enabled|Disabled|Inherited|Removed)\s*$/.exec(line);
    if (m) fuses.set(m[1]!, m[2] as FuseState);
  }
  return fuses;
}

/** runAsNode -> RunAsNode: electron-builder's key is the fuse's name with a lower-case initial. */
export function fuseName(builderKey: string): string {
  return builderKey.charAt(0).toUpperCase() + builderKey.slice(1);
}

export function expectedFuses(electronFuses: Record<string, unknown> | undefined): Map<string, boolean> {
  const expected = new Map<string, boolean>();
  for (const [key, value] of Object.entries(electronFuses ?? {})) {
    if (NOT_FUSES.has(key)) continue;
    if (typeof value !== 'boolean') throw new Error(`electron-builder.yml electronFuses.${key} must be true or false, not ${JSON.stringify(value)}.`);
    expected.set(fuseName(key), value);
  }
  return expected;
}

/** Every fuse electron-builder.yml sets must read exactly Enabled (true) or Disabled (false); returns what differs. */
export function compareFuses(expected: Map<string, boolean>, actual: Map<string, FuseState>): string[] {
  if (expected.size === 0) return ['electron-builder.yml sets no electronFuses: nothing to compare (SECURITY.md E8 expects them).'];
  if (actual.size === 0) return ['No fuse could be read from the packaged binary (is it an Electron binary?).'];
  const problems: string[] = [];
  for (const [name, on] of expected) {
    const want: FuseState = on ? 'Enabled' : 'Disabled';
    const got = actual.get(name);
    if (got !== want) problems.push(`${name}: electron-builder.yml wants ${want}, the packaged binary has ${got ?? 'no such fuse'}.`);
  }
  return problems;
}
