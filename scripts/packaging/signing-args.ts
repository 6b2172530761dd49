#!/usr/bin/env tsx
/**
 * How the Windows installer is signed, from the repository's secrets as the release workflow passes them in the
 * environment: Azure Trusted Signing (electron-builder's win.azureSignOptions, given on the command line so a build
 * without Azure settings never needs Azure), a .p12/.pfx certificate (WIN_CSC_LINK, read by electron-builder itself),
 * or unsigned. Prints electron-builder's extra arguments one per line (stdout) and what it chose (stderr).
 * tests/unit/release-signing-args.test.ts.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository secrets Azure Trusted Signing takes: the account's settings, then Microsoft Entra ID's credentials. */
export const AZURE_SETTINGS = {
  AZURE_TRUSTED_SIGNING_ENDPOINT: 'endpoint',
  AZURE_TRUSTED_SIGNING_ACCOUNT: 'codeSigningAccountName',
  AZURE_TRUSTED_SIGNING_PROFILE: 'certificateProfileName',
  AZURE_TRUSTED_SIGNING_PUBLISHER: 'publisherName',
} as const;
export const AZURE_CREDENTIALS = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET'] as const;

export interface WindowsSigning {
  readonly mode: 'azure' | 'certificate' | 'unsigned';
  readonly args: string[];
  readonly message: string;
}

export function windowsSigning(env: Readonly<Record<string, string | undefined>>): WindowsSigning {
  const set = (k: string) => Boolean(env[k]?.trim());
  const azureNames = [...Object.keys(AZURE_SETTINGS), ...AZURE_CREDENTIALS];
  const azureGiven = azureNames.filter(set);
  if (azureGiven.length > 0) {
    const missing = azureNames.filter((k) => !set(k));
    if (missing.length > 0) throw new Error(`Azure Trusted Signing is half set up: the repository has ${azureGiven.join(', ')} but not ${missing.join(', ')}.`);
    if (set('WIN_CSC_LINK')) throw new Error('Both Azure Trusted Signing and WIN_CSC_LINK are set: keep one of them, the installer is signed once.');
    const args = Object.entries(AZURE_SETTINGS).map(([k, option]) => `-c.win.azureSignOptions.${option}=${env[k]!.trim()}`);
    return { mode: 'azure', args, message: 'Signing the Windows installer with Azure Trusted Signing.' };
  }
  if (set('WIN_CSC_LINK')) return { mode: 'certificate', args: [], message: "Signing the Windows installer with the repository's WIN_CSC_LINK certificate." };
  return { mode: 'unsigned', args: [], message: 'No Windows signing secret in this repository: the installer is unsigned (SmartScreen warns on first start).' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const s = windowsSigning(process.env);
    console.error(s.message);
    for (const a of s.args) console.log(a);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
