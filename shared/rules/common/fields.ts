import { z } from 'zod';
import { IMAGE_MESSAGES, MAX_IMAGE_BASE64_CHARS } from '../images/upload.js';
import { URL_MESSAGES, isImageUrl, isWebUrl, isWebUrlOrAppPath } from './urls.js';
import { EMAIL_MESSAGES, isEmailAddress } from './email-address.js';
import { jsonBoundsMessage, jsonProblem, type JsonBounds } from './json-bounds.js';

/**
 * The contract's shared vocabulary (issue 25 part 3): the field schemas every area uses, each written once with
 * its one behaviour and message. shared/contract/areas/** may not declare its own (eslint.config.js refuses a local
 * `const id = ...` or `const optionalText = ...`).
 */

const tooLong = (max: number) => `At most ${max} characters`;

/** A row's id: a UUID written 8-4-4-4-12 in hex (Postgres's uuid takes every version, so no version is checked). */
export const ID_MESSAGE = 'Not a valid id';
export const id = z.guid(ID_MESSAGE);
/** An id whose refusal the spec words for its field ("Please select a template"). */
export const idWith = (message: string) => z.guid(message);

/** Required text: not blank (the field's own message), at most `max` characters, trimmed. */
export const requiredText = (max: number, blank: string) =>
  z
    .string()
    .max(max, tooLong(max))
    .refine((v) => v.trim().length > 0, blank)
    .transform((v) => v.trim());

/** Optional text: at most `max` characters, trimmed; empty, blank, null or left out is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/**
 * Optional text kept exactly as typed (blank, null or left out is null): e-mail template bodies, whose leading
 * and trailing white space is the author's layout of a plain-text message.
 */
export const optionalVerbatimText = (max: number) =>
  z
    .string()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** A cropped JPEG's bytes as base64 (coach avatars, product images); main checks the bytes themselves. */
export const jpegBase64 = z
  .string()
  .min(8, 'The image is empty')
  .max(MAX_IMAGE_BASE64_CHARS, IMAGE_MESSAGES.tooLarge)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The image data is not base64');

// --- URLs (shared/rules/common/urls.ts): http(s) only, whatever the field ---------------------------------------

const URL_MAX = 2000;

/** A required web address (http or https); blank gives the field's own message. */
export const webUrl = (blank: string, max = URL_MAX) => requiredText(max, blank).refine(isWebUrl, URL_MESSAGES.web);
/** An optional web address: blank is null. */
export const optionalWebUrl = (max = URL_MAX) => optionalText(max).refine((v) => v === null || isWebUrl(v), URL_MESSAGES.web);
/** An optional image address: https, or the embedded project's own storage (shared/rules/common/urls.ts). */
export const optionalImageUrl = (max = URL_MAX) => optionalText(max).refine((v) => v === null || isImageUrl(v), URL_MESSAGES.image);
/** An optional link inside the product ("/pricing") or out (http/https), with the field's own message. */
export const optionalWebUrlOrAppPath = (max: number, message: string) => optionalText(max).refine((v) => v === null || isWebUrlOrAppPath(v), message);

// --- E-mail addresses (shared/rules/common/email-address.ts) ------------------------------------------------------

/** Longer than any address: a longer value is refused as not an address before the shape is tried. */
const EMAIL_INPUT_MAX = 320;

/** A required address, trimmed; blank and malformed each give their message (the field's wording where it has one). */
export const emailAddress = (messages: { readonly blank?: string; readonly invalid?: string } = {}) => {
  const blank = messages.blank ?? EMAIL_MESSAGES.required;
  const invalid = messages.invalid ?? EMAIL_MESSAGES.invalid;
  return z
    .string()
    .max(EMAIL_INPUT_MAX, invalid)
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: blank });
      else if (!isEmailAddress(v)) ctx.addIssue({ code: 'custom', message: invalid });
    });
};

/** An optional address, trimmed: blank, null or left out is null. */
export const optionalEmailAddress = (invalid: string = EMAIL_MESSAGES.invalid) =>
  z
    .string()
    .max(EMAIL_INPUT_MAX, invalid)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .refine((v) => v === null || isEmailAddress(v), invalid);

// --- JSON-typed inputs (shared/rules/common/json-bounds.ts) ---------------------------------------------------------

/**
 * Any JSON value within its bounds of depth and size; `label` names the field in the message. Checked before
 * anything else walks the value, so a deeply nested or huge value is an INVALID_INPUT, never an internal error.
 */
export const jsonValue = (bounds: JsonBounds & { readonly label: string }) =>
  z.unknown().superRefine((v, ctx) => {
    const problem = jsonProblem(v, bounds);
    if (problem) ctx.addIssue({ code: 'custom', message: jsonBoundsMessage(problem, bounds, bounds.label) });
  });

/** A JSON object within its bounds (its keys map to any JSON value). */
export const jsonObject = (bounds: JsonBounds & { readonly label: string }) =>
  jsonValue(bounds).pipe(z.record(z.string(), z.unknown(), `${bounds.label}: expected an object`));
