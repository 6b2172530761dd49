// The contract's vocabulary (shared/rules/common/fields.ts): one behaviour per helper, the behaviours the areas had
// before still met where a screen relied on them, and the URL, e-mail and JSON rules of issue 26 (items 2, 7, 8).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  emailAddress,
  id,
  idWith,
  jpegBase64,
  jsonObject,
  jsonValue,
  optionalEmailAddress,
  optionalImageUrl,
  optionalText,
  optionalVerbatimText,
  optionalWebUrl,
  optionalWebUrlOrAppPath,
  requiredText,
  webUrl,
} from '../../shared/rules/common/fields.js';
import { URL_MESSAGES, isImageUrl, isWebUrl, isWebUrlOrAppPath } from '../../shared/rules/common/urls.js';
import { EMAIL_MESSAGES, isEmailAddress } from '../../shared/rules/common/email-address.js';
import { jsonProblem } from '../../shared/rules/common/json-bounds.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const parsed = (schema: z.ZodType, value: unknown) => schema.parse(value) as unknown;

describe('id', () => {
  it('takes any 8-4-4-4-12 hex UUID (every version, any case) and refuses the rest with one message', () => {
    for (const ok of [
      '0f1e2d3c-4b5a-4000-8000-000000000000',
      '00000000-0000-0000-0000-000000000000',
      'ABCDEF01-2345-6789-ABCD-EF0123456789',
      crypto.randomUUID(),
    ])
      expect(id.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', 'not-an-id', '../../etc', '0f1e2d3c4b5a40008000000000000000', ' 0f1e2d3c-4b5a-4000-8000-000000000000', 42, null])
      expect(messages(id, bad), String(bad)).toEqual(['Not a valid id']);
    expect(messages(idWith('Template Required'), '')).toEqual(['Template Required']);
  });
});

describe('text', () => {
  it("requiredText: the field's message when blank, the limit, and the value trimmed", () => {
    const s = requiredText(5, 'Enter a title.');
    expect(messages(s, '   ')).toEqual(['Enter a title.']);
    expect(messages(s, 'x'.repeat(6))).toEqual(['At most 5 characters']);
    expect(parsed(s, ' ab ')).toBe('ab');
  });

  it('optionalText: trimmed; empty, blank, null and left out are null; the limit with its message', () => {
    const s = z.strictObject({ note: optionalText(5) });
    expect(parsed(s, { note: ' ab ' })).toEqual({ note: 'ab' });
    for (const blank of ['', '   ', '\n\t', null]) expect(parsed(s, { note: blank })).toEqual({ note: null });
    // Left out is null too: the engagement dialogs and the prompt forms leave optional fields out.
    expect(parsed(s, {})).toEqual({ note: null });
    expect(messages(s, { note: 'x'.repeat(6) })).toEqual(['At most 5 characters']);
    expect(messages(s, { note: 3 }).length).toBe(1);
  });

  it('optionalVerbatimText keeps a template body as typed, blank is null', () => {
    const s = optionalVerbatimText(100);
    expect(parsed(s, '  Hello,\n\nthanks.\n')).toBe('  Hello,\n\nthanks.\n');
    expect(parsed(s, ' \n ')).toBeNull();
    expect(parsed(s, undefined)).toBeNull();
  });

  it('jpegBase64: empty, over 5 MB and non-base64 each have their message', () => {
    expect(messages(jpegBase64, 'abc')).toEqual(['The image is empty']);
    expect(messages(jpegBase64, 'A'.repeat(7 * 1024 * 1024))).toEqual(['File size must be less than 5MB']);
    expect(messages(jpegBase64, '/9j/4AAQ SkZJRg==')).toEqual(['The image data is not base64']);
    expect(jpegBase64.safeParse('/9j/4AAQSkZJRg==').success).toBe(true);
  });
});

// Schemes a browser or a mail client would run or open instead of following as a web link.
const UNSAFE_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'ftp', 'blob', 'about', 'mailto', 'intent', 'ws'];
/** A scheme in a random case, after white space or control characters, before any text. */
const unsafeUrl = fc
  .tuple(
    fc.constantFrom(...UNSAFE_SCHEMES),
    fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    fc.constantFrom('', ' ', '  ', '\t', '\n', '\u0000', '\u000b', '\u00a0', '\ufeff', '\r\n '),
    fc.constantFrom(':', ': ', ':\t'),
    fc.oneof(fc.string(), fc.constantFrom('alert(1)', '//example.com/x', 'text/html;base64,PHNjcmlwdD4=', '///etc/passwd', 'msgbox(1)')),
  )
  .map(([scheme, upper, lead, colon, rest]) => lead + [...scheme].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('') + colon + rest);

describe('the one URL rule', () => {
  it('refuses every non-http(s) scheme, in any case and after leading white space (property)', () => {
    fc.assert(
      fc.property(unsafeUrl, (url) => {
        expect(isWebUrl(url), url).toBe(false);
        expect(isImageUrl(url), url).toBe(false);
        expect(isWebUrlOrAppPath(url), url).toBe(false);
        // The schemas trim first: what is left is still refused, with the field's message.
        expect(messages(optionalWebUrl(), url), url).not.toEqual([]);
        expect(messages(optionalImageUrl(), url), url).not.toEqual([]);
        expect(messages(optionalWebUrlOrAppPath(2000, 'bad'), url), url).not.toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('names the cases the audit tried', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'java\tscript:alert(1)',
      'javascript://example.com/%0aalert(1)',
    ]) {
      expect(messages(webUrl('Required'), url), url).toEqual([URL_MESSAGES.web]);
      expect(messages(optionalImageUrl(), url), url).toEqual([URL_MESSAGES.image]);
    }
  });

  it('accepts http(s) web addresses (property), trimmed by the schema', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), (url) => {
        expect(isWebUrl(url), url).toBe(true);
        expect(parsed(webUrl('Required'), ` ${url} `)).toBe(url);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses look-alikes: no host, credentials before the host, spaces, protocol-relative', () => {
    for (const bad of [
      'https://',
      'http:/x',
      'https://user:pw@evil.example.com',
      'https://reflect.example.com@evil.example.com/',
      'https://exa mple.com',
      '//evil.example.com',
      'example.com',
      'https:\\\\evil.example.com',
    ]) {
      expect(isWebUrl(bad), bad).toBe(false);
    }
    expect(isWebUrlOrAppPath('/pricing?plan=pro')).toBe(true);
    for (const bad of ['//evil.example.com', '/\\evil.example.com', '/a b']) expect(isWebUrlOrAppPath(bad), bad).toBe(false);
  });

  it('images: https anywhere, http only for the project storage on this computer', () => {
    expect(isImageUrl('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isImageUrl('http://127.0.0.1:54321/storage/v1/object/public/product-images/a.jpg')).toBe(true);
    expect(isImageUrl('http://localhost:54321/storage/v1/object/public/company-logos/b.jpg')).toBe(true);
    for (const bad of [
      'http://cdn.example.com/a.jpg',
      'http://127.0.0.1:54321/rest/v1/x',
      'http://10.0.0.1/storage/v1/object/public/a.jpg',
      'data:image/png;base64,AAAA',
    ]) {
      expect(isImageUrl(bad), bad).toBe(false);
    }
  });
});

describe('the one e-mail rule', () => {
  it('accepts the addresses the product uses, trimmed', () => {
    for (const ok of ['admin@reflect.local', 'Casey.E2E@Example.com', 'a+tag@mail.example.co.uk', "o'brien@example.ie", 'x_y-z@sub-domain.example.org'])
      expect(isEmailAddress(ok), ok).toBe(true);
    expect(parsed(emailAddress(), '  admin@reflect.local ')).toBe('admin@reflect.local');
  });

  it('refuses what is not an address (property: no @, or spaces, or no dot in the domain)', () => {
    for (const bad of [
      'not-an-address',
      'a@b',
      'a @b.co',
      'a@b .co',
      'a@@b.co',
      'xx:;x@x.x',
      '<a>@b.co',
      'a@-b.co',
      'a@b.co;c@d.co',
      '@b.co',
      'a@.co',
      `${'x'.repeat(65)}@example.com`,
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => !isEmailAddress(s),
      ),
    );
    fc.assert(fc.property(fc.emailAddress(), (a) => isEmailAddress(a) === a.split('@')[1]!.includes('.') || a.length > 254));
  });

  it("gives the blank and invalid messages, the field's own wording where it has one", () => {
    expect(messages(emailAddress(), '  ')).toEqual([EMAIL_MESSAGES.required]);
    expect(messages(emailAddress(), 'x@y')).toEqual([EMAIL_MESSAGES.invalid]);
    expect(messages(emailAddress({ blank: 'Enter your e-mail address', invalid: 'Enter a valid e-mail address' }), 'x')).toEqual([
      'Enter a valid e-mail address',
    ]);
    expect(parsed(optionalEmailAddress(), '')).toBeNull();
    expect(messages(optionalEmailAddress(), 'nope')).toEqual([EMAIL_MESSAGES.invalid]);
  });
});

describe('bounded JSON values', () => {
  const bounds = { label: 'Conditions', maxDepth: 4, maxBytes: 1000 };
  const nested = (levels: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
    return v;
  };

  it('counts size as JSON.stringify writes it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        // Exact but for escapes inside strings, which only make the written text longer.
        expect(jsonProblem(v, { maxDepth: 1000, maxBytes: text.length })).toBeNull();
        if (!/\\/.test(text) && text.length > 0) expect(jsonProblem(v, { maxDepth: 1000, maxBytes: text.length - 1 })).toBe('tooLarge');
      }),
    );
  });

  it('refuses a value nested past its depth, however deep, without a stack overflow', () => {
    expect(messages(jsonValue(bounds), nested(4))).toEqual([]);
    expect(messages(jsonValue(bounds), nested(5))).toEqual(['Conditions: at most 4 levels of nesting']);
    expect(messages(jsonObject(bounds), { a: nested(1_000_000) })).toEqual(['Conditions: at most 4 levels of nesting']);
  });

  it('refuses a value larger than its size at the first bound passed', () => {
    expect(messages(jsonObject(bounds), { a: 'x'.repeat(2000) })).toEqual(['Conditions: at most 1,000 characters as JSON']);
    expect(messages(jsonObject(bounds), { a: new Array(10_000_000).fill(0) })).toEqual(['Conditions: at most 1,000 characters as JSON']);
  });

  it('refuses what JSON cannot hold, and a non-object where an object is expected', () => {
    expect(messages(jsonValue(bounds), { a: Number.NaN })).toEqual(['Conditions: only objects, arrays, text, finite numbers, true, false and null']);
    expect(messages(jsonValue(bounds), { d: new Date() }).length).toBe(1);
    expect(messages(jsonObject(bounds), [1])).toEqual(['Conditions: expected an object']);
    expect(messages(jsonObject(bounds), undefined).length).toBe(1);
  });
});

/** Every field of an operation's input, with its schema, found through objects, unions, pipes and wrappers. */
function fieldsOf(schema: z.ZodType, path: string[] = [], out: [string, z.ZodType][] = []): [string, z.ZodType][] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      out.push([[...path, key].join('.'), field]);
      fieldsOf(field, [...path, key], out);
    }
  } else if (def.type === 'union') for (const o of def.options as z.ZodType[]) fieldsOf(o, path, out);
  else if (def.type === 'pipe') fieldsOf(def.in as z.ZodType, path, out);
  else if (['optional', 'nullable', 'default', 'readonly', 'nonoptional'].includes(def.type)) fieldsOf(def.innerType as z.ZodType, path, out);
  return out;
}

describe('the URL sweep of the contract', () => {
  it('every URL-typed field of every operation refuses javascript:, data: and vbscript:', async () => {
    const { OPERATIONS } = await import('../../shared/contract/index.js');
    const urlFields = OPERATIONS.flatMap((op) =>
      fieldsOf(op.spec.input)
        .filter(([name]) => /url|link|website|host/i.test(name.split('.').pop()!))
        .map(([name, schema]) => [`${op.name} ${name}`, schema] as const),
    );
    const names = urlFields.map(([n]) => n);
    for (const expected of [
      'products.create affiliateLink',
      'products.update companyWebsite',
      'products.update productImageUrl',
      'products.create companyLogoUrl',
      'products.create marketingSiteUrl',
      'banners.create actionUrl',
      'marketing.create link.targetUrl',
      'profiles.save url',
      'profiles.save publicHost',
    ]) {
      expect(names).toContain(expected);
    }
    for (const [name, schema] of urlFields) {
      for (const url of [
        'javascript:alert(1)',
        '  JaVaScRiPt:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
      ]) {
        expect(schema.safeParse(url).success, `${name} ${url}`).toBe(false);
      }
    }
  });
});
