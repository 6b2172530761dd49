import { contextBridge, ipcRenderer } from 'electron';
import { buildAdminApi } from './build-api.js';

/**
 * The preload of the sandboxed renderer (bundled to dist/preload/index.cjs): exposes window.admin and nothing
 * else. ipcRenderer itself never crosses the bridge.
 */
const api = buildAdminApi(
  (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  (channel, listener) => void ipcRenderer.on(channel, listener),
  (channel, listener) => void ipcRenderer.removeListener(channel, listener),
);

contextBridge.exposeInMainWorld('admin', api);
