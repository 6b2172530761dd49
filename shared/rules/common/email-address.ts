/**
 * The one e-mail shape rule for every address field of the contract (issue 26 item 8): the address a browser's
 * type="email" field accepts (the HTML standard's rule, which GoTrue also applies), with a dot in the domain as the
 * spec's "something@something.tld" asks. Checked on the trimmed value.
 */

export const EMAIL_MESSAGES = {
  invalid: 'Please enter a valid email address',
  required: 'Please enter an email address',
} as const;

/** RFC 5321's limit on an address as a mailbox path. */
export const EMAIL_MAX_LENGTH = 254;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDRESS = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]{1,64}@${LABEL}(?:\\.${LABEL})+$`);

export const isEmailAddress = (value: string): boolean => {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && ADDRESS.test(v);
};
