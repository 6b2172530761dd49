import { marked } from 'marked';
import DOMPurify from 'dompurify';

/**
 * The privacy document's markdown as safe HTML: marked renders, DOMPurify removes every script, handler, style and
 * embed. Links keep only an https address and open outside the app (target=_blank), where the desktop shell's
 * external-link allowlist decides (E4/E5); images are dropped so the preview loads nothing remote.
 */
function isHttps(href: string): boolean {
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (!isHttps(href)) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

export function renderPrivacyMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return purifier.sanitize(html, {
    FORBID_TAGS: ['style', 'img', 'iframe', 'form', 'input', 'button', 'svg', 'math', 'video', 'audio', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
