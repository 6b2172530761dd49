import { describe, expect, it } from 'vitest';
import { formatCommaList, parseCommaList } from '../../shared/rules/products/lists.js';
import { moveItem, orderUpdates } from '../../shared/rules/products/order.js';
import {
  checkProductForm,
  emptyProductForm,
  formFromProduct,
  nextSlug,
  parseDiscount,
  parsePrice,
  toLocalInput,
  type ProductFormValues,
} from '../../shared/rules/products/form.js';
import { DEFAULT_PRODUCT_CATEGORY, NEW_PRODUCT_SORT_ORDER, PRODUCT_CATEGORIES } from '../../shared/rules/products/fields.js';
import { productFileProblem } from '../../shared/rules/images/upload.js';
import { contract } from '../../shared/contract/index.js';
import type { Product } from '../../shared/rules/products/types.js';
import { URL_MESSAGES } from '../../shared/rules/common/urls.js';

const filled = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  name: ' Calm Tea ',
  slug: 'calm-tea',
  description: 'A tea.',
  companyName: 'Leaf Co',
  affiliateLink: 'https://leaf.example.com/?ref=r',
  ...over,
});

describe('comma-separated lists', () => {
  it('splits on commas, trims, drops empties, and sends an empty list as null', () => {
    expect(parseCommaList(' sleep , focus,,  calm ,')).toEqual(['sleep', 'focus', 'calm']);
    expect(parseCommaList('one')).toEqual(['one']);
    expect(parseCommaList('')).toBeNull();
    expect(parseCommaList(' , ,  ')).toBeNull();
    expect(parseCommaList(null)).toBeNull();
    expect(parseCommaList('a b, c')).toEqual(['a b', 'c']);
  });
  it('formats a stored list back as text', () => {
    expect(formatCommaList(['a', 'b c'])).toBe('a, b c');
    expect(formatCommaList(null)).toBe('');
    expect(parseCommaList(formatCommaList(['x', 'y']))).toEqual(['x', 'y']);
  });
});

describe('reorder', () => {
  it('moves one item and renumbers the whole list from 1', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(orderUpdates(['x', 'y', 'z'])).toEqual([
      { id: 'x', sort_order: 1 },
      { id: 'y', sort_order: 2 },
      { id: 'z', sort_order: 3 },
    ]);
  });
});

describe('slug on create', () => {
  it('follows the name while the slug is empty or still derived, never over a typed slug', () => {
    expect(nextSlug('', 'C', '')).toBe('c');
    expect(nextSlug('C', 'Calm Tea!', 'c')).toBe('calm-tea');
    expect(nextSlug('Calm Tea', 'Calm Tea 2', 'my-slug')).toBe('my-slug');
    expect(nextSlug('Calm', 'Calm Tea', '')).toBe('calm-tea');
    expect(nextSlug('  --Ünïcode & Co-- ', 'Mind & Body  Kit', 'n-code-co')).toBe('mind-body-kit');
  });
});

describe('numbers', () => {
  it('parses prices as decimals to the cent and the discount as an integer', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('19.99')).toBe(19.99);
    expect(parsePrice('0.005')).toBe(0.01);
    expect(parsePrice('-1')).toBeNaN();
    expect(parsePrice('abc')).toBeNaN();
    expect(parseDiscount('')).toBeNull();
    expect(parseDiscount('15')).toBe(15);
    expect(parseDiscount('12.7')).toBe(12);
    expect(parseDiscount('101')).toBeNaN();
    expect(parseDiscount('x')).toBeNaN();
  });
});

describe('product form', () => {
  it('starts a new product in category supplement, active and not featured', () => {
    const f = emptyProductForm();
    expect(f.category).toBe(DEFAULT_PRODUCT_CATEGORY);
    expect(DEFAULT_PRODUCT_CATEGORY).toBe('supplement');
    expect(f.isActive).toBe(true);
    expect(f.isFeatured).toBe(false);
    expect(NEW_PRODUCT_SORT_ORDER).toBe(999);
    expect(PRODUCT_CATEGORIES).toEqual(['supplement', 'book', 'course', 'tool', 'software', 'service', 'other']);
  });

  it('reports each missing required field', () => {
    const r = checkProductForm(emptyProductForm());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missingRequired).toBe(true);
    expect(Object.keys(r.errors).sort()).toEqual(['affiliateLink', 'companyName', 'description', 'name', 'slug']);
    const blank = checkProductForm(filled({ companyName: '   ' }));
    expect(blank.ok === false && blank.errors.companyName).toBe('Required');
  });

  it('turns the typed form into fields: trimmed, empty optional strings as null, lists split', () => {
    const r = checkProductForm(
      filled({ priceOriginal: '49.5', priceDiscounted: '39.99', discountPercentage: '20', tags: 'tea, , calm', benefits: ' ', offerDescription: '  ' }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.fields).toMatchObject({
      name: 'Calm Tea',
      priceOriginal: 49.5,
      priceDiscounted: 39.99,
      discountPercentage: 20,
      tags: ['tea', 'calm'],
      benefits: null,
      targetAudience: null,
      offerDescription: null,
      shortDescription: null,
      expiresAt: null,
      category: 'supplement',
    });
  });

  it('refuses unreadable numbers and dates', () => {
    const r = checkProductForm(filled({ priceOriginal: '-3', discountPercentage: '150', expiresAt: 'soon' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missingRequired).toBe(false);
    expect(Object.keys(r.errors).sort()).toEqual(['discountPercentage', 'expiresAt', 'priceOriginal']);
  });

  it('round-trips a stored product through the edit form', () => {
    const product: Product = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'N',
      slug: 's',
      description: 'd',
      shortDescription: null,
      companyName: 'C',
      companyWebsite: null,
      category: 'book',
      priceOriginal: 10,
      priceDiscounted: 7.5,
      discountPercentage: 25,
      offerDescription: null,
      affiliateLink: 'https://a',
      productImageUrl: null,
      companyLogoUrl: null,
      marketingSiteUrl: null,
      isActive: false,
      isFeatured: true,
      tags: ['a', 'b'],
      targetAudience: null,
      benefits: ['x'],
      conversionTrackingId: null,
      expiresAt: '2030-01-02T03:04:00.000Z',
      sortOrder: 3,
      clickCount: 9,
      createdAt: '',
      updatedAt: '',
    };
    const form = formFromProduct(product);
    expect(form.tags).toBe('a, b');
    expect(form.expiresAt).toBe(toLocalInput(product.expiresAt));
    const r = checkProductForm(form);
    expect(r.ok && r.fields).toMatchObject({
      category: 'book',
      priceDiscounted: 7.5,
      discountPercentage: 25,
      tags: ['a', 'b'],
      benefits: ['x'],
      isActive: false,
      isFeatured: true,
      expiresAt: '2030-01-02T03:04:00.000Z',
    });
  });

  it('shows the contract URL rule on each link and image field (issue 26 item 2)', () => {
    const r = checkProductForm(
      filled({
        affiliateLink: ' JaVaScRiPt:alert(1)',
        companyWebsite: 'data:text/html,x',
        marketingSiteUrl: 'vbscript:x',
        productImageUrl: 'http://cdn.example.com/a.jpg',
        companyLogoUrl: 'file:///etc/passwd',
      }),
    );
    expect(r.ok === false && r.errors).toEqual({
      affiliateLink: URL_MESSAGES.web,
      companyWebsite: URL_MESSAGES.web,
      marketingSiteUrl: URL_MESSAGES.web,
      productImageUrl: URL_MESSAGES.image,
      companyLogoUrl: URL_MESSAGES.image,
    });
    const ok = checkProductForm(
      filled({ companyWebsite: ' https://leaf.example.com ', productImageUrl: 'http://127.0.0.1:54321/storage/v1/object/public/product-images/a.jpg' }),
    );
    expect(ok.ok && ok.fields).toMatchObject({ companyWebsite: 'https://leaf.example.com' });
    // A blank link is the required message, not the URL one.
    const blank = checkProductForm(filled({ affiliateLink: ' ' }));
    expect(blank.ok === false && blank.errors.affiliateLink).toBe('Required');
  });

  it('the product file check lists the allowed types after the prefix, then checks the size', () => {
    expect(productFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('File type must be one of: image/jpeg, image/png, image/gif, image/webp');
    expect(productFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('File size must be less than 5MB');
    expect(productFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe('products contract', () => {
  const base = {
    name: 'N',
    slug: null,
    description: null,
    shortDescription: null,
    companyName: 'C',
    companyWebsite: null,
    category: 'supplement',
    priceOriginal: null,
    priceDiscounted: null,
    discountPercentage: null,
    offerDescription: null,
    affiliateLink: 'https://a',
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
  };
  it('requires name, company and affiliate link with the spec message, and rejects unknown keys', () => {
    expect(contract.products.create.input.safeParse(base).success).toBe(true);
    const r = contract.products.create.input.safeParse({ ...base, affiliateLink: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please fill in all required fields.');
    expect(contract.products.create.input.safeParse({ ...base, sort_order: 1 }).success).toBe(false);
    expect(contract.products.create.input.safeParse({ ...base, discountPercentage: 1.5 }).success).toBe(false);
    expect(contract.products.create.input.safeParse({ ...base, category: 'food' }).success).toBe(false);
  });
  it('refuses unsafe schemes on every URL field with the URL message', () => {
    for (const key of ['affiliateLink', 'companyWebsite', 'marketingSiteUrl', 'productImageUrl', 'companyLogoUrl']) {
      for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>']) {
        const r = contract.products.update.input.safeParse({ id: '00000000-0000-4000-8000-000000000001', ...base, [key]: url });
        expect(r.success, `${key} ${url}`).toBe(false);
        expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
          [key, key.endsWith('ImageUrl') || key === 'companyLogoUrl' ? URL_MESSAGES.image : URL_MESSAGES.web],
        ]);
      }
    }
  });
  it('drops empty list items and sends an empty list as null', () => {
    const r = contract.products.create.input.parse({ ...base, tags: [' a ', ''], benefits: ['  '] });
    expect(r.tags).toEqual(['a']);
    expect(r.benefits).toBeNull();
  });
  it('refuses a reorder naming a product twice', () => {
    const a = '00000000-0000-4000-8000-000000000001';
    expect(contract.products.reorder.input.safeParse({ ids: [a, a] }).success).toBe(false);
    expect(contract.products.reorder.input.safeParse({ ids: [a] }).success).toBe(true);
  });
});

describe('drag activation (spec: 3 px pointer, 100 ms touch hold with 5 px tolerance)', () => {
  it('starts a pointer drag at 3 px, not before', async () => {
    const { pointerActivates, touchMovedTooFar, POINTER_ACTIVATION_PX, TOUCH_HOLD_MS, TOUCH_TOLERANCE_PX } =
      await import('../../shared/rules/products/drag.js');
    expect([POINTER_ACTIVATION_PX, TOUCH_HOLD_MS, TOUCH_TOLERANCE_PX]).toEqual([3, 100, 5]);
    const o = { x: 10, y: 10 };
    expect(pointerActivates(o, { x: 12, y: 10 })).toBe(false);
    expect(pointerActivates(o, { x: 12, y: 12 })).toBe(false);
    expect(pointerActivates(o, { x: 13, y: 10 })).toBe(true);
    expect(pointerActivates(o, { x: 10, y: 7 })).toBe(true);
    expect(touchMovedTooFar(o, { x: 15, y: 10 })).toBe(false);
    expect(touchMovedTooFar(o, { x: 14, y: 13 })).toBe(false);
    expect(touchMovedTooFar(o, { x: 16, y: 10 })).toBe(true);
  });
});
