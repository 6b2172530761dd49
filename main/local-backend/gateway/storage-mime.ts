/**
 * storage-api's handling of an object's Content-Type (src/storage/uploader.ts validateMimeType,
 * src/storage/renderer/renderer.ts normalizeContentType).
 */

/**
 * A bucket's allowed_mime_types admit a type when its "type/subtype" (split on "/", parameters not removed) equals
 * one of them, or the allowed entry is "type/*".
 */
export function allowsMime(allowed: readonly string[], mime: string): boolean {
  const [type, sub] = mime.split('/');
  if (sub === undefined) return false;
  return allowed.some((a) => {
    const [allowedType, allowedSub] = a.split('/');
    return allowedType === type && (allowedSub === '*' || allowedSub === sub);
  });
}

/** An object stored as HTML is served as text/plain, so a browser never runs a stored page on the project's origin. */
export function servedContentType(mime: string | undefined): string {
  if (!mime) return 'application/octet-stream';
  return mime.includes('text/html') ? 'text/plain' : mime;
}
