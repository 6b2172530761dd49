import DOMPurify from 'dompurify';

/** Tags that could run code, embed other documents or load anything. */
const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'form',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'svg',
  'math',
];
const FORBID_ATTR = ['src', 'srcset', 'background', 'poster', 'action', 'formaction', 'href', 'xlink:href'];

/**
 * E-mail HTML made safe to look at: no script, no remote load (no images, no links, no url() in styles). It is
 * then shown in a sandboxed frame without allow-scripts and under a CSP that loads nothing, as a second wall.
 */
export function sanitiseEmailHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR, WHOLE_DOCUMENT: false });
  return clean.replace(/url\s*\(/gi, 'blocked(');
}

/** The frame's whole document: a CSP that allows inline styles only. */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"></head><body>${sanitiseEmailHtml(html)}</body></html>`;
}
