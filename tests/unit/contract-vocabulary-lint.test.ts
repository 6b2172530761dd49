// The contract's vocabulary has one home, shared/rules/common/fields.ts: eslint.config.js refuses an area that declares
// its own id, optional text, URL, e-mail or JSON schema. ESLint runs here on fixture strings as if they were files.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function vocabularyMessages(code: string, file = 'shared/contract/areas/fixture.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import { z } from 'zod';\nimport { op } from '../define.js';\n";

describe('the lint rule of the contract vocabulary', () => {
  it('refuses a local id and a local optionalText in an area, pointing to shared/rules/common/fields.ts', async () => {
    const messages = await vocabularyMessages(
      `${header}const id = z.string();\nconst optionalText = (max: number) => z.string().max(max).nullable();\nexport const notes = { get: op<null>()({ input: z.strictObject({ id, note: optionalText(10) }), kind: 'read', access: 'admin' }) };\n`,
    );
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).toContain('shared/rules/common/fields.ts');
  }, 60_000);

  it('refuses exported re-declarations and every other helper name', async () => {
    const messages = await vocabularyMessages(
      `${header}export const jpegBase64 = z.string();\nexport const webUrl = z.string();\nconst emailAddress = z.string();\n`,
    );
    expect(messages).toHaveLength(3);
  });

  it('refuses ids, e-mail and URL checks written by hand, and unbounded JSON', async () => {
    const messages = await vocabularyMessages(
      `${header}export const a = z.strictObject({ x: z.guid('bad'), y: z.string().uuid(), e: z.string().email(), u: z.url(), j: z.record(z.string(), z.unknown()), k: z.any() });\n`,
    );
    expect(messages).toHaveLength(6);
    expect(messages.filter((m) => m.includes('jsonValue'))).toHaveLength(2);
  });

  it('accepts an area that imports the helpers, and leaves other folders alone', async () => {
    expect(
      await vocabularyMessages(
        `${header}import { id, optionalText } from '../fields.js';\nexport const notes = { get: op<null>()({ input: z.strictObject({ id, note: optionalText(10) }), kind: 'read', access: 'admin' }) };\n`,
      ),
    ).toEqual([]);
    expect(await vocabularyMessages("import { z } from 'zod';\nexport const id = z.string();\n", 'shared/rules/notes/fixture.ts')).toEqual([]);
  });

  it('still refuses ipcMain in an area (the area block repeats the IPC rule it replaces)', async () => {
    expect(await vocabularyMessages("import { ipcMain } from 'electron';\nexport const x = ipcMain;\n")).toEqual([
      'Only main/app/ipc.ts registers IPC handlers.',
    ]);
  });
});
