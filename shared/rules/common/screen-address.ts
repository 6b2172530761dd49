/**
 * The shape of an admin screen's address (path and query) that may be kept as a connection's last screen. Main
 * keeps it (so browser mode, whose port changes each launch, remembers it too) and checks this shape; the window
 * also checks it against its route table before opening it.
 */
export const SCREEN_ADDRESS_MAX = 2000;

export function isScreenAddressShape(address: string): boolean {
  if (address.length > SCREEN_ADDRESS_MAX || !address.startsWith('/admin/')) return false;
  let url: URL;
  try {
    url = new URL(address, 'http://x');
  } catch {
    return false;
  }
  // Nothing that resolves elsewhere (//host, /admin/../x), and no fragment.
  return url.origin === 'http://x' && !url.hash && url.pathname + url.search === address.replace(/\?$/, '');
}
