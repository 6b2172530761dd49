/**
 * Browser mode's Content-Security-Policy: the desktop app's, with the demo backend allowed for images.
 * Styles: our own files, plus <style> elements carrying this page load's nonce (libraries such as the dialog
 * scroll lock and drag-and-drop insert those; they read the nonce from the csp-nonce meta tag).
 */
export function browserModeCsp(backendOrigin: string | undefined, nonce: string): string {
  const images = ["'self'", 'data:', 'blob:', 'https://*.supabase.co', ...(backendOrigin ? [backendOrigin] : [])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}
