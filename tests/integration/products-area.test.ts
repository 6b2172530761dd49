import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { Product } from '../../shared/rules/products/types.js';
import { jpegSize } from '../../shared/rules/images/jpeg.js';
import { URL_MESSAGES } from '../../shared/rules/common/urls.js';

/** The products area through main's router against the embedded backend, checked against SQL. */
const backend = sharedBackend();

/** The smallest byte string main accepts as a JPEG: SOI, a baseline SOF0 frame of w x h, EOI. */
function fakeJpeg(width: number, height: number): string {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, ...sof, 0xff, 0xd9]).toString('base64');
}

const fields = (name: string) => ({
  name,
  slug: null as string | null,
  description: null,
  shortDescription: null,
  companyName: 'IT Company',
  companyWebsite: null,
  category: 'supplement',
  priceOriginal: null,
  priceDiscounted: null,
  discountPercentage: null,
  offerDescription: null,
  affiliateLink: 'https://shop.example.com/it',
  productImageUrl: null,
  companyLogoUrl: null,
  marketingSiteUrl: null,
  isActive: true,
  isFeatured: false,
  tags: null,
  targetAudience: null,
  benefits: null,
  conversionTrackingId: null,
  expiresAt: null,
});

const orderNow = () => sql<{ id: string; sort_order: number }>(backend, 'select id::text, sort_order from partner_products order by sort_order, name, id');

function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('products area against the embedded backend', () => {
  let app: TestApp;
  let other: TestApp;
  let original: string[] = [];
  const created: string[] = [];
  const create = async (name: string, over: Record<string, unknown> = {}) => {
    const { id } = await app.data<{ id: string }>('products.create', { ...fields(name), ...over });
    created.push(id);
    return id;
  };

  beforeAll(async () => {
    app = bootTestApp(backend);
    other = bootTestApp(backend);
    await app.signIn();
    await other.signIn();
    original = (await orderNow()).map((r) => r.id);
  });
  afterAll(async () => {
    if (created.length) await sql(backend, 'delete from partner_products where id = any($1::uuid[])', [created]);
    // Leave the seeded order as it was for the other suites.
    if (original.length) await app.call('products.reorder', { ids: original });
    await app?.close();
    await other?.close();
  });

  it('lists every product by sort_order, equal to SQL', async () => {
    const list = await app.data<Product[]>('products.list');
    const rows = await sql<{ id: string; name: string; sort_order: number; price_original: string | null; tags: string[] | null }>(
      backend,
      'select id::text, name, sort_order, price_original::text, tags from partner_products order by sort_order, name, id',
    );
    expect(rows.length).toBeGreaterThan(3);
    expect(list.map((p) => p.id)).toEqual(rows.map((r) => r.id));
    for (const r of rows) {
      const p = list.find((x) => x.id === r.id)!;
      expect(p).toMatchObject({
        name: r.name,
        sortOrder: r.sort_order,
        priceOriginal: r.price_original === null ? null : Number(r.price_original),
        tags: r.tags,
      });
    }
  });

  it('creates at sort_order 999 with defaults, reads, updates, toggles and deletes', async () => {
    const id = await create('IT Product Create', {
      slug: 'it-product-create',
      tags: [' focus ', '', 'calm'],
      benefits: ['  '],
      priceOriginal: 49.999,
      discountPercentage: 20,
    });
    const [row] = await sql<Record<string, unknown>>(
      backend,
      'select sort_order, category, is_active, is_featured, tags, benefits, price_original::text p, discount_percentage from partner_products where id = $1',
      [id],
    );
    expect(row).toEqual({
      sort_order: 999,
      category: 'supplement',
      is_active: true,
      is_featured: false,
      tags: ['focus', 'calm'],
      benefits: null,
      p: '50.00',
      discount_percentage: 20,
    });

    await app.data('products.update', {
      id,
      ...fields('IT Product Updated'),
      slug: 'it-product-create',
      description: 'Helps.',
      category: 'book',
      priceOriginal: 20,
      priceDiscounted: 15.5,
      discountPercentage: 25,
      targetAudience: ['students'],
      isFeatured: true,
      expiresAt: '2030-01-02T03:04:00.000Z',
    });
    const got = await app.data<Product>('products.get', { id });
    expect(got).toMatchObject({
      name: 'IT Product Updated',
      description: 'Helps.',
      category: 'book',
      priceOriginal: 20,
      priceDiscounted: 15.5,
      discountPercentage: 25,
      targetAudience: ['students'],
      tags: null,
      isFeatured: true,
      sortOrder: 999,
    });
    expect(new Date(got.expiresAt!).toISOString()).toBe('2030-01-02T03:04:00.000Z');

    expect(await app.data('products.setActive', { id, isActive: false })).toEqual({ id, isActive: false });
    expect((await sql<{ a: boolean }>(backend, 'select is_active a from partner_products where id = $1', [id]))[0]!.a).toBe(false);

    expect(await app.call('products.create', { ...fields('IT Dup'), slug: 'it-product-create' })).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(await app.call('products.create', { ...fields('IT Missing'), companyName: '  ' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: expect.stringContaining('Please fill in all required fields.'),
    });

    expect(await app.data('products.delete', { id })).toEqual({ id });
    expect(await app.data('products.get', { id })).toBeNull();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await app.call('products.update', { id: missing, ...fields('Ghost') })).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Product not found' });
    expect(await app.call('products.setActive', { id: missing, isActive: true })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await app.call('products.delete', { id: missing })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('uploads square JPEGs to product-images and company-logos; refuses other types, non-square crops and sizes over 5 MB', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
    expect(await app.call('products.uploadImage', { kind: 'productImage', jpegBase64: png })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'The cropped image is not a valid JPEG.',
    });
    expect(await app.call('products.uploadImage', { kind: 'productImage', jpegBase64: fakeJpeg(300, 200) })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'The cropped image must be square.',
    });
    expect(await app.call('products.uploadImage', { kind: 'companyLogo', jpegBase64: 'A'.repeat(7 * 1024 * 1024) })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'File size must be less than 5MB',
    });
    // Under the base64 cap but over 5 MB once decoded cannot happen; a JPEG padded to just over 5 MB is refused by the cap.
    const big = Buffer.concat([Buffer.from(fakeJpeg(10, 10), 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    expect(await app.call('products.uploadImage', { kind: 'companyLogo', jpegBase64: big })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'File size must be less than 5MB',
    });
    expect(await app.call('products.uploadImage', { kind: 'banner', jpegBase64: fakeJpeg(10, 10) })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.call('products.uploadImage', { kind: 'productImage', jpegBase64: fakeJpeg(10, 10), bucket: 'coach-avatars' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });

    for (const [kind, bucket] of [
      ['productImage', 'product-images'],
      ['companyLogo', 'company-logos'],
    ] as const) {
      const { url } = await app.data<{ url: string }>('products.uploadImage', { kind, jpegBase64: fakeJpeg(256, 256) });
      expect(url).toMatch(new RegExp(`^${backend.url}/storage/v1/object/public/${bucket}/[0-9]+-[0-9a-f]+\\.jpg$`));
      const res = await fetch(url);
      expect(res.headers.get('content-type')).toMatch(/image\/jpeg/);
      expect(jpegSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 256, height: 256 });
      const name = url.split(`/${bucket}/`)[1]!;
      await sql(backend, 'delete from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
    }
  });

  it('refuses javascript:, data: and other schemes on every URL field, on create and update, with the message (issue 26 item 2)', async () => {
    const id = await create('IT Product Urls', { slug: 'it-product-urls' });
    const cases = [
      ['affiliateLink', 'javascript:alert(document.cookie)', URL_MESSAGES.web],
      ['affiliateLink', '  JaVaScRiPt:alert(1)', URL_MESSAGES.web],
      ['companyWebsite', 'data:text/html,<script>alert(1)</script>', URL_MESSAGES.web],
      ['marketingSiteUrl', 'vbscript:msgbox(1)', URL_MESSAGES.web],
      ['productImageUrl', 'data:image/svg+xml,<svg onload=alert(1)>', URL_MESSAGES.image],
      ['companyLogoUrl', 'file:///etc/passwd', URL_MESSAGES.image],
      ['productImageUrl', 'http://images.example.com/a.jpg', URL_MESSAGES.image],
    ] as const;
    for (const [key, url, message] of cases) {
      expect(await app.call('products.create', { ...fields('IT Unsafe'), [key]: url }), `${key} ${url}`).toMatchObject({
        ok: false,
        code: 'INVALID_INPUT',
        message,
      });
      expect(await app.call('products.update', { id, ...fields('IT Unsafe'), [key]: url }), `${key} ${url}`).toMatchObject({
        ok: false,
        code: 'INVALID_INPUT',
        message,
      });
    }
    expect(await sql(backend, "select id from partner_products where name = 'IT Unsafe'")).toEqual([]);
    // The project's own storage (the demo serves it over http on this computer) and https stay accepted.
    const { url: image } = await app.data<{ url: string }>('products.uploadImage', { kind: 'productImage', jpegBase64: fakeJpeg(16, 16) });
    await app.data('products.update', {
      id,
      ...fields('IT Product Urls'),
      slug: 'it-product-urls',
      productImageUrl: image,
      companyLogoUrl: 'https://cdn.example.com/logo.jpg',
      companyWebsite: ' https://leaf.example.com ',
    });
    expect(await sql(backend, 'select product_image_url, company_logo_url, company_website from partner_products where id = $1', [id])).toEqual([
      { product_image_url: image, company_logo_url: 'https://cdn.example.com/logo.jpg', company_website: 'https://leaf.example.com' },
    ]);
    await sql(backend, "delete from storage.objects where bucket_id = 'product-images' and name = $1", [image.split('/product-images/')[1]]);
  });

  it('refuses a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      expect(await member.call('products.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('products.reorder', { ids: original })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('products.uploadImage', { kind: 'productImage', jpegBase64: fakeJpeg(8, 8) })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    } finally {
      await member.close();
    }
  });

  it('saves a reorder numbered from 1 and rejects an unknown id without changing anything', async () => {
    const ids = (await orderNow()).map((r) => r.id);
    const moved = [ids[2]!, ...ids.filter((_, i) => i !== 2)];
    expect(await app.data('products.reorder', { ids: moved })).toEqual({ count: ids.length });
    expect(await orderNow()).toEqual(moved.map((id, i) => ({ id, sort_order: i + 1 })));
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(await app.call('products.reorder', { ids: [ghost, ...ids] })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await orderNow()).toEqual(moved.map((id, i) => ({ id, sort_order: i + 1 })));
  });

  it('two administrators reordering at the same time leave one consistent 1..n order, whichever wins', async () => {
    const ids = (await orderNow()).map((r) => r.id);
    for (let round = 0; round < 12; round++) {
      const a = shuffled(ids, round * 2 + 1);
      const b = shuffled(ids, round * 2 + 2);
      const [ra, rb] = await Promise.all([app.call('products.reorder', { ids: a }), other.call('products.reorder', { ids: b })]);
      expect(ra.ok && rb.ok, JSON.stringify([ra, rb])).toBe(true);
      const after = await orderNow();
      expect(after.map((r) => r.sort_order)).toEqual(ids.map((_, i) => i + 1));
      const order = after.map((r) => r.id);
      expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(order));
    }
  });

  it('a reorder from a stale list, racing another reorder and a new product, still leaves 1..n', async () => {
    const stale = (await orderNow()).map((r) => r.id);
    for (let round = 0; round < 6; round++) {
      const fresh = [...stale].reverse();
      const [ra, rb, rc] = await Promise.all([
        app.call('products.reorder', { ids: shuffled(stale, 100 + round) }),
        other.call<{ id: string }>('products.create', fields(`IT Race ${round}`)),
        other.call('products.reorder', { ids: fresh }),
      ]);
      if (rb.ok) created.push(rb.data.id);
      expect(ra.ok && rb.ok && rc.ok, JSON.stringify([ra, rb, rc])).toBe(true);
      const after = await orderNow();
      // The new product may land at 999 if it was inserted after the last reorder; every renumbered one is 1..k.
      const numbered = after.filter((r) => r.sort_order !== 999).map((r) => r.sort_order);
      expect(numbered).toEqual(numbered.map((_, i) => i + 1));
      expect(after.filter((r) => r.sort_order === 999).length).toBeLessThanOrEqual(1);
    }
    // One more reorder of the stale list renumbers the products it did not name after it: the whole table is 1..n.
    await app.data('products.reorder', { ids: stale });
    const after = await orderNow();
    expect(after.map((r) => r.sort_order)).toEqual(after.map((_, i) => i + 1));
    expect(after.slice(0, stale.length).map((r) => r.id)).toEqual(stale);
  });

  // Issue 31: a delete left a gap in sort_order (the fault run's 1..n check); the database now closes it.
  it('deleting products, two at once and beside a reorder, leaves 1..n', async () => {
    const made = [await create('IT Gap 1'), await create('IT Gap 2'), await create('IT Gap 3'), await create('IT Gap 4')];
    await app.data('products.reorder', { ids: (await orderNow()).map((r) => r.id) });
    const ids = (await orderNow()).map((r) => r.id);
    const numbered = async () => (await orderNow()).map((r) => r.sort_order);
    const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    // One delete in the middle.
    expect(await app.data('products.delete', { id: made[0]! })).toEqual({ id: made[0] });
    expect(await numbered()).toEqual(oneToN(ids.length - 1));
    // Two administrators deleting at once.
    const [ra, rb] = await Promise.all([app.call('products.delete', { id: made[1]! }), other.call('products.delete', { id: made[2]! })]);
    expect(ra.ok && rb.ok, JSON.stringify([ra, rb])).toBe(true);
    expect(await numbered()).toEqual(oneToN(ids.length - 3));
    // A delete racing a reorder from a list that still names it: whichever runs second sees the other's result.
    const stale = (await orderNow()).map((r) => r.id).reverse();
    await Promise.all([app.call('products.delete', { id: made[3]! }), other.call('products.reorder', { ids: stale })]);
    expect(await numbered()).toEqual(oneToN(ids.length - 4));
  });
});
