/**
 * A UUID as GoTrue reads one (gofrs/uuid FromString): canonical, braced, urn:uuid: or 32 bare hex digits, in any
 * case. Answers the canonical lower-case form, or undefined when the text is not a UUID.
 */
export function goUuid(raw: string): string | undefined {
  let s = raw;
  if (/^urn:uuid:/i.test(s)) s = s.slice(9);
  else if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  const hex = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ? s.replace(/-/g, '') : /^[0-9a-f]{32}$/i.test(s) ? s : undefined;
  if (!hex) return undefined;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** storage-api's isUuid: only such an owner is kept in storage.objects.owner (the rest is no owner). */
export function storageUuid(raw: string | undefined): string | undefined {
  return raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(raw) ? raw : undefined;
}
