import path from 'node:path';
import type { BuilderConfig } from './builder-config.js';

/** One unpacked app electron-builder left in its output folder (release/ by electron-builder.yml). */
export interface PackagedApp {
  readonly target: string;
  /** What `@electron/fuses read --app` takes: the executable, or the .app bundle on macOS. */
  readonly binary: string;
  /** The folder holding app.asar, app.asar.unpacked and the extraResources. */
  readonly resources: string;
}

/**
 * electron-builder's unpacked layouts: linux-unpacked/<executableName>, win-unpacked/<productName>.exe,
 * mac/<productName>.app (mac-arm64/, mac-universal/ on other architectures; linux-arm64-unpacked/ likewise).
 */
export function packagedApps(releaseDir: string, entries: readonly string[], config: BuilderConfig): PackagedApp[] {
  const product = config.productName ?? 'Electron';
  const executable = config.linux?.executableName ?? product;
  const apps: PackagedApp[] = [];
  for (const name of [...entries].sort()) {
    const dir = path.join(releaseDir, name);
    if (/^linux(-[a-z0-9]+)?-unpacked$/.test(name)) apps.push({ target: name, binary: path.join(dir, executable), resources: path.join(dir, 'resources') });
    else if (/^win(-[a-z0-9]+)?-unpacked$/.test(name))
      apps.push({ target: name, binary: path.join(dir, `${product}.exe`), resources: path.join(dir, 'resources') });
    else if (/^mac(-[a-z0-9]+)?$/.test(name)) {
      const bundle = path.join(dir, `${product}.app`);
      apps.push({ target: name, binary: bundle, resources: path.join(bundle, 'Contents', 'Resources') });
    }
  }
  return apps;
}
