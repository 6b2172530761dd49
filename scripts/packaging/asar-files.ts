/**
 * What the packaged app must never contain: our test fixtures, the benchmarks, main's (or any of our) source maps,
 * a development data folder, or any key. Paths are as the asar lists them ("/dist/main/electron.js"), for the
 * archive, app.asar.unpacked and the extra resources alike. Pure; tests/unit/release-asar-files.test.ts.
 */
export interface Forbidden {
  readonly path: string;
  readonly reason: string;
}

/** Key material and secret stores, wherever they are (our files or a dependency's). */
const KEY_FILE = /(\.(pem|key|p12|pfx|p8|jks|keystore|der)|^id_(rsa|ecdsa|ed25519)(\.pub)?|^\.env(\..*)?|^\.npmrc|^stack-secrets.*)$/i;

function reasonFor(p: string): string | undefined {
  const segments = p.split('/').filter(Boolean);
  const name = segments.at(-1) ?? '';
  if (KEY_FILE.test(name)) return 'a key or secret file';
  // Dependencies keep their own layout (electron-builder already drops their top-level test folders); the rules
  // below are about our files.
  if (segments[0] === 'node_modules') return undefined;
  if (segments[0] === 'tests' || segments.some((s) => s === 'fixtures' || s === '__tests__' || s === '__fixtures__')) return 'a test fixture';
  if (segments[0] === 'scripts' || segments.some((s) => /^bench(marks?)?$/.test(s)) || /^bench[-_.]/.test(name)) return 'a benchmark or build script';
  if (/\.map$/.test(name)) return 'a source map';
  if (segments[0] === '.data' || segments[0] === 'packaging' || segments[0] === 'build') return 'a development or release-build folder';
  return undefined;
}

export function forbiddenFiles(paths: readonly string[]): Forbidden[] {
  const found: Forbidden[] = [];
  for (const raw of paths) {
    const p = `/${raw.replace(/\\/g, '/').replace(/^\/+/, '')}`;
    const reason = reasonFor(p);
    if (reason) found.push({ path: p, reason });
  }
  return found;
}

/** Every PostgREST binary among the packaged paths: the app must hold exactly one, <resources>/postgrest/. */
export function postgrestBinaries(paths: readonly string[]): string[] {
  return paths.map((raw) => `/${raw.replace(/\\/g, '/').replace(/^\/+/, '')}`).filter((p) => /\/postgrest(\.exe)?$/.test(p));
}
