/** An attachment is a link only when it is http(s); the desktop shell then opens it in the system browser if its
 *  external-link allowlist accepts it. Anything else (javascript:, file:) is shown as text. */
export function safeAttachmentHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
