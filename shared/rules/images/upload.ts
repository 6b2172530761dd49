/** Image uploads (spec 2 sections 5 and 9): at most 5 MB, jpeg, png, gif or webp; stored as a cropped JPEG. */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const IMAGE_MESSAGES = {
  tooLarge: 'File size must be less than 5MB',
  avatarType: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  /** Product images list the allowed types after this prefix. */
  productTypePrefix: 'File type must be one of: ',
} as const;

export interface PickedFile {
  readonly size: number;
  readonly type: string;
}

/** The avatar's check of a picked file: the type first (a wrong file is wrong at any size), then the size. */
export function avatarFileProblem(file: PickedFile): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.avatarType;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** The product images' variant of the type message (used by the products area). */
export function productFileProblem(file: PickedFile): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.productTypePrefix + ALLOWED_IMAGE_TYPES.join(', ');
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** Base64 of at most MAX_IMAGE_BYTES bytes: the cap of an upload operation's input. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
