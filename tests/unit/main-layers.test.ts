// main's layers (docs/architecture.md, "How the code is organised"; eslint.config.js): ground, files, cache and the embedded
// backend, core, audit and services, the connection's and the app's services, api, boot, then app and web. `npm run
// lint` refuses an import that runs up them; this holds the rule itself, on one import up and one down per layer.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const errorsOf = async (filePath: string, from: string) => {
  const [result] = await eslint.lintText(`import type { X } from '${from}';\nexport type Y = X;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe("main's layers", () => {
  it.each([
    ['main/ground/x.ts', '../cache/types.js'],
    ['main/cache/x.ts', '../services/users/list.js'],
    ['main/cache/schema/x.ts', '../../audit/schema.js'],
    ['main/core/x.ts', '../app-services.js'],
    ['main/core/x.ts', '../api/router.js'],
    ['main/audit/x.ts', '../connection-services.js'],
    ['main/services/users/x.ts', '../../api/handlers-type.js'],
    ['main/connection-services.ts', './api/router.js'],
    ['main/api/areas/x.ts', '../../boot.js'],
    ['main/boot.ts', './app/main.js'],
  ])('refuses %s importing %s', async (file, from) => {
    expect(await errorsOf(file, from)).toEqual([expect.stringMatching(/stands below .*it may not import from them/)]);
  });

  it.each([
    ['main/cache/x.ts', '../ground/log.js'],
    ['main/core/x.ts', '../cache/types.js'],
    ['main/audit/x.ts', '../core/connections.js'],
    ['main/services/users/x.ts', '../../core/connections.js'],
    ['main/connection-services.ts', './services/users/replica.js'],
    ['main/api/areas/x.ts', '../../app-services.js'],
    ['main/boot.ts', './api/router.js'],
    ['main/app/x.ts', '../boot.js'],
  ])('lets %s import %s', async (file, from) => {
    expect(await errorsOf(file, from)).toEqual([]);
  });
});
