// The kit is enforced (issue 27): eslint.config.js refuses the raw dialog primitives and the browser's confirm()
// outside renderer/components, where Modal, FormDialog, ConfirmDialog and DeleteConfirm wrap them. ESLint runs on
// fixture strings as if they were files.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function importMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function ruleMessages(code: string, file: string, rules: readonly string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
}

const dialogs =
  "import * as Dialog from '@radix-ui/react-dialog';\nimport * as Alert from '@radix-ui/react-alert-dialog';\nexport const parts = [Dialog, Alert];\n";

describe('the lint rule of the kit', () => {
  it('refuses the dialog primitives in a screen, pointing to the kit', async () => {
    const messages = await importMessages(dialogs, 'renderer/users/Fixture.tsx');
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).toContain('Modal, FormDialog, ConfirmDialog or DeleteConfirm');
  }, 60_000);

  it('lets the kit build on them', async () => {
    expect(await importMessages(dialogs, 'renderer/components/Fixture.tsx')).toEqual([]);
  });

  it('refuses window.confirm and a bare confirm() in a screen, pointing to the kit; the format rule still holds there', async () => {
    const code = "export const a = window.confirm('Sure?');\nexport const b = confirm('Sure?');\nexport const c = new Date().toLocaleDateString();\n";
    const messages = await ruleMessages(code, 'renderer/settings/Fixture.tsx', ['no-restricted-properties', 'no-restricted-globals']);
    assertConfirm(messages);
    expect(messages.join()).toContain('not toLocale*String');
    expect(await ruleMessages(code, 'renderer/components/Fixture.tsx', ['no-restricted-globals'])).toEqual([]);
  });

  it('refuses a hand-written <table> in a screen, pointing to DataTable; the IPC rule still holds there', async () => {
    const code = "import { ipcRenderer } from 'electron';\nexport const T = () => <table><tbody /></table>;\nexport const i = ipcRenderer;\n";
    const messages = await ruleMessages(code, 'renderer/email/Fixture.tsx', ['no-restricted-syntax']);
    expect(messages).toEqual(['Only preload uses ipcRenderer.', 'Tables come from the kit: DataTable (renderer/components), not a hand-written <table>.']);
    expect(await ruleMessages(code, 'renderer/components/Fixture.tsx', ['no-restricted-syntax'])).toEqual(['Only preload uses ipcRenderer.']);
  });

  it('refuses a native <select> and the Select and Tooltip primitives in a screen, pointing to the kit', async () => {
    const code =
      "import * as S from '@radix-ui/react-select';\nimport * as T from '@radix-ui/react-tooltip';\nexport const P = [S, T];\nexport const C = () => <select><option>a</option></select>;\n";
    expect(await ruleMessages(code, 'renderer/users/Fixture.tsx', ['no-restricted-syntax'])).toEqual([
      'Selects come from the kit: Select or SelectField (renderer/components), not a native <select>.',
    ]);
    const imports = await importMessages(code, 'renderer/users/Fixture.tsx');
    expect(imports).toHaveLength(2);
    expect(imports[0]).toContain('Selects come from the kit: Select or SelectField (renderer/components).');
    expect(imports[1]).toContain('Tooltips come from the kit: Tooltip (renderer/components).');
    expect(await ruleMessages(code, 'renderer/components/Fixture.tsx', ['no-restricted-syntax', 'no-restricted-imports'])).toEqual([]);
  });

  it('refuses a Modal around a <form> and a ConfirmDialog marked danger in a screen, pointing to FormDialog and DeleteConfirm', async () => {
    const code = [
      "import { Modal } from '../components/Modal.js';",
      "import { ConfirmDialog } from '../components/ConfirmDialog.js';",
      'export const F = () => <Modal open title="New" onClose={() => undefined}><div><form /></div></Modal>;',
      'export const D = () => <ConfirmDialog open title="Delete?" confirmLabel="Delete" danger onConfirm={() => undefined} onCancel={() => undefined} />;',
      'export const Q = () => <ConfirmDialog open title="Roll back?" confirmLabel="Rollback" onConfirm={() => undefined} onCancel={() => undefined} />;',
      'export const V = () => <Modal open title="View" onClose={() => undefined}><p>Text</p></Modal>;',
      '',
    ].join('\n');
    expect(await ruleMessages(code, 'renderer/email/Fixture.tsx', ['no-restricted-syntax'])).toEqual([
      "A form in a dialog is the kit's FormDialog (renderer/components), not a Modal around a <form>.",
      "A destructive question is the kit's DeleteConfirm (renderer/components), not a ConfirmDialog marked danger.",
    ]);
    expect(await ruleMessages(code, 'renderer/components/Fixture.tsx', ['no-restricted-syntax'])).toEqual([]);
  });

  it("still refuses main-only modules in a screen (the block repeats the renderer's import rule)", async () => {
    expect((await importMessages("import Database from 'better-sqlite3';\nexport const d = Database;\n", 'renderer/users/Fixture.tsx')).join()).toContain(
      'Main-only module: ask main through window.admin.',
    );
  });
});

function assertConfirm(messages: readonly string[]): void {
  expect(messages.filter((m) => m.includes('ConfirmDialog or DeleteConfirm'))).toHaveLength(2);
}
