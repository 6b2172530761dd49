import type { AdminApi } from '../../shared/contract/index.js';
import { createHttpApi } from './http-api.js';

declare global {
  interface Window {
    /** Exposed by preload in the desktop app. */
    readonly admin?: AdminApi;
  }
}

let api: AdminApi | undefined;

/** window.admin in the desktop app; the HTTP implementation of the same object in browser mode. */
export function adminApi(): AdminApi {
  api ??= window.admin ?? createHttpApi();
  return api;
}
