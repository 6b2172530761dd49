/**
 * Links that may leave the app for the system browser (E5 in SECURITY.md). Parsed with `new URL`, never
 * matched as strings: https only, no credentials, no explicit port, no IP literals, no punycode (IDN
 * look-alikes of our hosts), and the host equal to an allowed domain or one of its subdomains.
 */
export const DEFAULT_EXTERNAL_ALLOWLIST: readonly string[] = Object.freeze(['supabase.com', 'app.supabase.com', 'dashboard.stripe.com', 'docs.stripe.com']);

const MAX_LENGTH = 2048;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** An allowlist entry as a lowercase hostname with at least two labels, or undefined when it is not one. */
export function normaliseAllowedHost(entry: string): string | undefined {
  let host = entry.trim().toLowerCase();
  if (host.includes('://')) {
    try {
      host = new URL(host).hostname;
    } catch {
      return undefined;
    }
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || labels.some((l) => l.startsWith('xn--'))) return undefined;
  if (labels.every((l) => /^\d+$/.test(l))) return undefined;
  return host;
}

function isIpLiteral(hostname: string): boolean {
  // new URL normalises every IPv4 spelling (0x7f.1, 2130706433) to dotted decimal; IPv6 keeps its brackets.
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

export function isAllowedExternalUrl(raw: unknown, allowlist: readonly string[] = DEFAULT_EXTERNAL_ALLOWLIST): boolean {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  const host = url.hostname;
  if (!host || host.endsWith('.') || isIpLiteral(host)) return false;
  const labels = host.split('.');
  if (!labels.every((l) => LABEL.test(l)) || labels.some((l) => l.startsWith('xn--'))) return false;
  return allowlist.some((entry) => {
    const allowed = normaliseAllowedHost(entry);
    return allowed !== undefined && (host === allowed || host.endsWith(`.${allowed}`));
  });
}

/** The default allowlist plus the active project's host (its dashboard links, storage files). */
export function externalAllowlist(projectUrl?: string | null): string[] {
  const list = [...DEFAULT_EXTERNAL_ALLOWLIST];
  if (projectUrl) {
    const host = normaliseAllowedHost(projectUrl);
    if (host && !list.includes(host)) list.push(host);
  }
  return list;
}
