/** Spec 1, sections 5, 8 and 9: the password protecting the public demo pages. */

export const DEMO_PASSWORD_SETTING_KEY = 'demo_password';
export const DEMO_PASSWORD_MIN_LENGTH = 6;
export const DEMO_PASSWORD_RANDOM_LENGTH = 4;

export const DEMO_PASSWORD_MESSAGES = {
  blank: 'Please enter a new password',
  tooShort: 'Password must be at least 6 characters long',
  loadFailed: 'Error: Failed to load current demo password',
  saveFailed: 'Failed to save new demo password',
  saved: 'Demo password updated successfully',
} as const;

/** The value used while no demo_password row exists (a PGRST116 answer means exactly that). */
export function defaultDemoPassword(productName: string): string {
  // Padded so even a one-letter product name gives a default the minimum length accepts.
  return `${productName}Demo`.padEnd(DEMO_PASSWORD_MIN_LENGTH, '0');
}

/** Returns the message to show, or null when the (trimmed) password is acceptable. */
export function demoPasswordProblem(raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0) return DEMO_PASSWORD_MESSAGES.blank;
  if (value.length < DEMO_PASSWORD_MIN_LENGTH) return DEMO_PASSWORD_MESSAGES.tooShort;
  return null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * {product} followed by 4 random letters or digits. `randomValues` fills the array (crypto.getRandomValues);
 * rejection sampling keeps every character equally likely.
 */
export function generateDemoPassword(productName: string, randomValues: (buf: Uint8Array<ArrayBuffer>) => Uint8Array): string {
  let out = '';
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < DEMO_PASSWORD_RANDOM_LENGTH) {
    for (const byte of randomValues(new Uint8Array(8))) {
      if (byte < limit && out.length < DEMO_PASSWORD_RANDOM_LENGTH) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${productName}${out}`;
}
