import { id as idSchema } from '../../shared/rules/common/fields.js';

/**
 * reflect-admin:// links (issue 28 section 6), parsed as strictly as navigation: exactly
 * `reflect-admin://<kind>/<uuid>` (one trailing slash tolerated, as some shells add it) for the detail screens of
 * renderer/lib/route-table.ts that take an id. Anything else (another scheme, a query or fragment, a percent
 * escape, an extra segment, credentials or a port, an id that is not a uuid, over-long input) is refused with the
 * reason and never becomes a route.
 */
export const DEEP_LINK_SCHEME = 'reflect-admin';
const PREFIX = `${DEEP_LINK_SCHEME}://`;
/** The longest real link is under 70 characters; anything much longer is not one. */
export const DEEP_LINK_MAX = 200;

/** The detail screen each kind opens (the routes the command palette builds for the same records). */
const ROUTES = {
  users: (id: string) => `/admin/users/${id}`,
  feedback: (id: string) => `/admin/feedback/${id}`,
  coaches: (id: string) => `/admin/coaches/${id}`,
  'marketing-links': (id: string) => `/admin/marketing-links/${id}/edit`,
  banners: (id: string) => `/admin/banners/${id}/edit`,
  products: (id: string) => `/admin/products/edit/${id}`,
} as const satisfies Record<string, (id: string) => string>;
export type DeepLinkKind = keyof typeof ROUTES;
export const DEEP_LINK_KINDS = Object.keys(ROUTES) as DeepLinkKind[];

export const DEEP_LINK_MESSAGES = {
  title: 'Reflect Admin cannot open this link',
  tooLong: `The link is longer than ${DEEP_LINK_MAX} characters.`,
  scheme: `Only ${PREFIX} links open in Reflect Admin.`,
  extra: 'The link has a query, a fragment, escaped characters or other parts a Reflect Admin link does not have.',
  shape: `A Reflect Admin link is ${PREFIX}<kind>/<id>, where kind is one of ${DEEP_LINK_KINDS.join(', ')}.`,
  id: 'The id in the link is not a valid id.',
} as const;

export type DeepLink = { readonly ok: true; readonly route: string } | { readonly ok: false; readonly message: string };

const refuse = (message: string): DeepLink => ({ ok: false, message });

export function parseDeepLink(raw: unknown): DeepLink {
  if (typeof raw !== 'string') return refuse(DEEP_LINK_MESSAGES.scheme);
  if (raw.length > DEEP_LINK_MAX) return refuse(DEEP_LINK_MESSAGES.tooLong);
  // The scheme is case-insensitive (RFC 3986); nothing else is.
  if (raw.slice(0, PREFIX.length).toLowerCase() !== PREFIX) return refuse(DEEP_LINK_MESSAGES.scheme);
  const rest = raw.slice(PREFIX.length);
  // Letters, digits, '-' and '/' are all a link ever holds; a query, fragment, escape, credentials, a port, a dot
  // segment, white space or a control character is refused before anything else is read.
  if (!/^[A-Za-z0-9/-]*$/.test(rest)) return refuse(DEEP_LINK_MESSAGES.extra);
  const parts = rest.endsWith('/') ? rest.slice(0, -1).split('/') : rest.split('/');
  const [kind, id] = parts;
  if (parts.length !== 2 || !kind || !id || !Object.hasOwn(ROUTES, kind)) return refuse(DEEP_LINK_MESSAGES.shape);
  if (!idSchema.safeParse(id).success) return refuse(DEEP_LINK_MESSAGES.id);
  return { ok: true, route: ROUTES[kind as DeepLinkKind](id.toLowerCase()) };
}

/** The link a launch was given (Windows and Linux pass it on the command line), if any. */
export function deepLinkInArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) =>
    arg
      .slice(0, PREFIX.length + 1)
      .toLowerCase()
      .startsWith(`${DEEP_LINK_SCHEME}:`),
  );
}
