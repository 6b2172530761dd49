import { PREVIEW_WINDOW_NAME, PRIVACY_MESSAGES } from '../../shared/rules/privacy/document.js';
import { renderPrivacyMarkdown } from './markdown.js';

/** Nothing loads, nothing runs: the document is inert HTML with its own styles. */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const escapeText = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The whole preview page: the sanitised document (renderPrivacyMarkdown), under a strict CSP, readable in both themes. */
export function previewDocument(title: string, markdown: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<style>:root{color-scheme:light dark}body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1.25rem}
.notice{opacity:.75;font-size:.9rem;border-bottom:1px solid;padding-bottom:.75rem}</style></head>
<body><p class="notice">${escapeText(PRIVACY_MESSAGES.notice)}</p><main>${renderPrivacyMarkdown(markdown)}</main></body></html>`;
}

/**
 * Preview opens a new window (spec 3). The desktop app asks for a data: URL under the preview's name, which main
 * opens in its own sandboxed window (no Node, no preload, JavaScript off, no navigation); in browser mode it is a
 * new browser window of a blob: URL, opened without a handle back to this one.
 */
export function openPreviewWindow(title: string, markdown: string): void {
  const doc = previewDocument(title, markdown);
  if (window.admin) {
    window.open(`data:text/html;charset=utf-8,${encodeURIComponent(doc)}`, PREVIEW_WINDOW_NAME);
    return;
  }
  const url = URL.createObjectURL(new Blob([doc], { type: 'text/html' }));
  window.open(url, '_blank', 'noopener');
  // Long enough for the new window to load it; the document lives on in that window.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
