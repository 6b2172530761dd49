// One format module (issue 27): eslint.config.js refuses toLocale*String and Intl.*Format outside
// shared/rules/common/format.ts. ESLint runs here on fixture strings as if they were files of the app.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function formatMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('the lint rule of the one format module', () => {
  it('refuses toLocale*String in a screen, pointing to the format module', async () => {
    const messages = await formatMessages(
      "export const a = (n: number, d: Date) => [n.toLocaleString(), d.toLocaleDateString('en-US'), d.toLocaleTimeString()];\n",
      'renderer/users/Fixture.tsx',
    );
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(m).toContain('shared/rules/common/format.ts');
  }, 60_000);

  it('refuses Intl formatters in shared rules and in main', async () => {
    const code =
      "export const a = new Intl.NumberFormat('en-US');\nexport const b = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });\nexport const c = new Intl.RelativeTimeFormat('en');\n";
    expect(await formatMessages(code, 'shared/rules/users/fixture.ts')).toHaveLength(3);
    expect(await formatMessages(code, 'main/services/users/fixture.ts')).toHaveLength(3);
  });

  it('accepts the format module itself, lower-casing, and Intl types', async () => {
    expect(await formatMessages("export const a = new Intl.NumberFormat('en-US');\n", 'shared/rules/common/format.ts')).toEqual([]);
    expect(
      await formatMessages(
        'export const k = (s: string) => s.toLocaleLowerCase();\nexport type U = Intl.RelativeTimeFormatUnit;\n',
        'renderer/users/Fixture.tsx',
      ),
    ).toEqual([]);
  });
});
