import { frameDocument } from './safe-html.js';

/** Sanitised e-mail HTML in a frame that runs no script and loads nothing remote (sandbox with no permissions). */
export function HtmlFrame({ html, title }: { readonly html: string; readonly title: string }) {
  return <iframe className="email-frame" title={title} sandbox="" srcDoc={frameDocument(html)} data-testid="email-html-frame" />;
}
