import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/App.js';
import { adminApi } from './api/bridge.js';
import { applyStoredDensity } from './lib/density.js';
// One bundled UI font (Inter, variable weight), served from the app itself: the same look on Linux, Windows and
// macOS, and no network request (the CSP allows fonts from 'self' only).
import '@fontsource-variable/inter/wght.css';
import './styles/app.css';

// Libraries that insert <style> elements (dialog scroll lock, drag and drop) tag them with this page load's
// nonce, which main put in the meta tag and in the Content-Security-Policy.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

// Before anything renders: browser mode takes its launch token out of the address bar now.
adminApi();
applyStoredDensity();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
