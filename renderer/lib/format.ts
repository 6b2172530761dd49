// The renderer's door to the one format module (shared/rules/common/format.ts), kept so screens import from lib/.
export * from '../../shared/rules/common/format.js';
