import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', 'worker_threads', 'util', 'url', 'stream', 'module'];
const nodeImports = nodeBuiltins.flatMap((m) => [m, `node:${m}`, `${m}/*`, `node:${m}/*`]);

/**
 * main's layers, lowest first (docs/architecture.md, "How the code is organised"): a file imports from its own layer or below,
 * never above. A folder is named as it is, a file of main's top by its name.
 */
const MAIN_LAYERS = [
  ['ground'],
  ['files'],
  ['cache', 'local-backend'],
  ['core'],
  ['audit', 'services'],
  ['connection-services.ts', 'app-services.ts'],
  ['api'],
  ['boot.ts'],
  ['app', 'web'],
];
const isFile = (name) => name.endsWith('.ts');
const importOf = (name) => (isFile(name) ? `${name.slice(0, -3)}\\.js$` : `${name}/`);
const mainLayerRules = MAIN_LAYERS.slice(0, -1).flatMap((layer, i) => {
  const above = MAIN_LAYERS.slice(i + 1).flat();
  return layer.map((name) => ({
    files: [isFile(name) ? `main/${name}` : `main/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${isFile(name) ? '\\./' : '(\\.\\./)+'}(${above.map(importOf).join('|')})`,
              message: `main/${name} stands below ${above.join(', ')}: it may not import from them (pass what it needs in, or move the code down).`,
            },
          ],
        },
      ],
    },
  }));
});

const ipcOnlyInItsWrapper = [
  { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'Only main/app/ipc.ts registers IPC handlers.' },
  { selector: "ImportSpecifier[imported.name='ipcRenderer']", message: 'Only preload uses ipcRenderer.' },
];

// The contract's shared vocabulary has one home (issue 25): an area uses shared/rules/common/fields.ts instead of
// declaring its own id, optional text, URL, e-mail or JSON schema with a behaviour of its own.
const VOCABULARY =
  'id|idWith|requiredText|optionalText|optionalVerbatimText|trimmedOrNull|jpegBase64|webUrl|optionalWebUrl|optionalImageUrl|optionalWebUrlOrAppPath|emailAddress|optionalEmailAddress|jsonValue|jsonObject';
const oneVocabulary = [
  {
    selector: `Program > VariableDeclaration > VariableDeclarator[id.name=/^(${VOCABULARY})$/], Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(${VOCABULARY})$/]`,
    message: "Import this helper from shared/rules/common/fields.ts (the contract's one vocabulary) instead of declaring it in an area.",
  },
  {
    selector: 'CallExpression[callee.property.name=/^(guid|uuid|email|url|httpUrl)$/]',
    message: 'Ids, e-mail addresses and URLs are checked by shared/rules/common/fields.ts (id, idWith, emailAddress, webUrl, optionalImageUrl...).',
  },
  {
    selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(unknown|any|json)$/]",
    message: 'A JSON-typed input is bounded in depth and size: use jsonValue or jsonObject from shared/rules/common/fields.ts.',
  },
];

// One look (issue 27): every date, time, number and money text people read is written by the one format module, so a
// screen cannot grow a style of its own. toLocaleLowerCase and friends are not formatting and stay allowed.
const FORMAT_HOME = 'shared/rules/common/format.ts';
const oneFormatModule = [
  ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
    property,
    message: `Write dates, times, numbers and money with ${FORMAT_HOME} (renderer/lib/format.ts), not toLocale*String.`,
  })),
  ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'ListFormat', 'DurationFormat', 'PluralRules'].map((property) => ({
    object: 'Intl',
    property,
    message: `Intl formatters live in ${FORMAT_HOME} only: add the format there and import it.`,
  })),
];

// The kit is enforced (issue 27): screens compose dialogs from renderer/components, so they look and behave (focus
// in, Escape, focus back) the same everywhere. Only the kit itself builds them from the raw primitives.
const KIT = 'renderer/components/**';
const rendererImportPaths = [...nodeImports, 'electron', 'better-sqlite3', '@supabase/supabase-js', 'pg', 'ws'].map((name) => ({
  name,
  message: 'Main-only module: ask main through window.admin.',
}));
const rendererImportPatterns = [{ group: ['**/main/**', '**/preload/**'], message: 'The renderer may import shared/ only.' }];
const kitOnlyImports = ['@radix-ui/react-dialog', '@radix-ui/react-alert-dialog'].map((name) => ({
  name,
  message: 'Dialogs come from the kit: Modal, FormDialog, ConfirmDialog or DeleteConfirm (renderer/components).',
}));
const kitOnlyPrimitives = [
  { name: '@radix-ui/react-select', message: 'Selects come from the kit: Select or SelectField (renderer/components).' },
  { name: '@radix-ui/react-tooltip', message: 'Tooltips come from the kit: Tooltip (renderer/components).' },
];

// The kit is enforced (issue 27): questions are the kit's ConfirmDialog, never the browser's confirm() (another look,
// no focus return, and a native prompt over the desktop window),
const kitOnlyProperties = ['window', 'globalThis'].map((object) => ({
  object,
  property: 'confirm',
  message: 'Ask with the kit: ConfirmDialog or DeleteConfirm (renderer/components), not confirm().',
}));
// and tables are the kit's DataTable (scoped headers, the no-match state, one look).
const kitOnlySyntax = [
  {
    selector: "JSXOpeningElement[name.name='table']",
    message: 'Tables come from the kit: DataTable (renderer/components), not a hand-written <table>.',
  },
  // Selects are the kit's Select on Radix: one look in both themes, the same keyboard everywhere.
  {
    selector: "JSXOpeningElement[name.name='select']",
    message: 'Selects come from the kit: Select or SelectField (renderer/components), not a native <select>.',
  },
  // A form in a dialog is FormDialog (error summary, busy submit, Enter and Escape); a destructive question is
  // DeleteConfirm (it waits for the delete, then closes).
  {
    selector: "JSXElement[openingElement.name.name='Modal'] JSXOpeningElement[name.name='form']",
    message: "A form in a dialog is the kit's FormDialog (renderer/components), not a Modal around a <form>.",
  },
  {
    selector: "JSXOpeningElement[name.name='ConfirmDialog'] > JSXAttribute[name.name='danger']",
    message: "A destructive question is the kit's DeleteConfirm (renderer/components), not a ConfirmDialog marked danger.",
  },
];
const kitOnlyGlobals = [{ name: 'confirm', message: 'Ask with the kit: ConfirmDialog or DeleteConfirm (renderer/components), not confirm().' }];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'release/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Only the IPC wrapper and preload may touch Electron's IPC (GitHub Desktop's rule).
    files: ['main/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['main/app/ipc.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ipcOnlyInItsWrapper],
    },
  },
  {
    files: ['main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: [FORMAT_HOME],
    rules: { 'no-restricted-properties': ['error', ...oneFormatModule] },
  },
  {
    // A later no-restricted-syntax replaces the earlier one for these files, so the IPC rule is repeated.
    files: ['shared/contract/areas/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ipcOnlyInItsWrapper, ...oneVocabulary] },
  },
  {
    // The renderer has no Node, no database and no keys: it asks main through window.admin.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', { paths: rendererImportPaths, patterns: rendererImportPatterns }],
    },
  },
  {
    // Screens outside the kit: no raw dialog primitive. A later rule of the same name replaces the earlier one for
    // these files, so the renderer's import rule is repeated here.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: [KIT],
    rules: {
      'no-restricted-imports': ['error', { paths: [...rendererImportPaths, ...kitOnlyImports, ...kitOnlyPrimitives], patterns: rendererImportPatterns }],
      // Repeats the format rule, as above for the imports.
      'no-restricted-properties': ['error', ...oneFormatModule, ...kitOnlyProperties],
      'no-restricted-globals': ['error', ...kitOnlyGlobals],
      'no-restricted-syntax': ['error', ...ipcOnlyInItsWrapper, ...kitOnlySyntax],
    },
  },
  {
    // shared/ is used on both sides: no Node, no Electron, no DOM framework.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeImports, 'electron', 'react', 'better-sqlite3', '@supabase/supabase-js'].map((name) => ({
            name,
            message: 'shared/ must run in main and renderer alike.',
          })),
          patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'shared/ depends on nothing else in the app.' }],
        },
      ],
    },
  },
  ...mainLayerRules,
  {
    files: ['scripts/**/*.{js,mjs,cjs}', 'resources/**/*.{js,mjs,cjs}', 'tests/fixtures/**/*.{js,mjs,cjs}', '*.config.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
