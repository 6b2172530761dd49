import { describe, expect, it } from 'vitest';
import { windowsSigning } from '../../scripts/packaging/signing-args.js';

/** Windows signing in the release workflow: Azure Trusted Signing, a .p12 certificate, or unsigned, never half of one. */
const AZURE = {
  AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
  AZURE_TRUSTED_SIGNING_ACCOUNT: 'reflect',
  AZURE_TRUSTED_SIGNING_PROFILE: 'reflect-public',
  AZURE_TRUSTED_SIGNING_PUBLISHER: 'Reflect Ltd',
  AZURE_TENANT_ID: 'tenant',
  AZURE_CLIENT_ID: 'client',
  AZURE_CLIENT_SECRET: 'secret',
};

describe('scripts/packaging/signing-args.ts', () => {
  it("passes electron-builder's azureSignOptions when the repository holds every Azure setting", () => {
    expect(windowsSigning(AZURE)).toEqual({
      mode: 'azure',
      args: [
        '-c.win.azureSignOptions.endpoint=https://weu.codesigning.azure.net',
        '-c.win.azureSignOptions.codeSigningAccountName=reflect',
        '-c.win.azureSignOptions.certificateProfileName=reflect-public',
        '-c.win.azureSignOptions.publisherName=Reflect Ltd',
      ],
      message: 'Signing the Windows installer with Azure Trusted Signing.',
    });
  });

  it('never puts a credential on the command line (electron-builder reads them from the environment)', () => {
    expect(windowsSigning(AZURE).args.join(' ')).not.toMatch(/tenant|client|secret/);
  });

  it('uses the .p12 certificate, or says the installer is unsigned', () => {
    expect(windowsSigning({ WIN_CSC_LINK: 'base64', WIN_CSC_KEY_PASSWORD: 'pw' })).toMatchObject({ mode: 'certificate', args: [] });
    expect(windowsSigning({ WIN_CSC_LINK: '', AZURE_TENANT_ID: ' ' })).toMatchObject({ mode: 'unsigned', args: [] });
  });

  it('refuses half an Azure setup, and both kinds at once', () => {
    expect(() => windowsSigning({ ...AZURE, AZURE_CLIENT_SECRET: '' })).toThrow(/is half set up: .* but not AZURE_CLIENT_SECRET\./);
    expect(() => windowsSigning({ ...AZURE, WIN_CSC_LINK: 'base64' })).toThrow('Both Azure Trusted Signing and WIN_CSC_LINK are set');
  });
});
