import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { DEEP_LINK_MAX, DEEP_LINK_MESSAGES, deepLinkInArgv, parseDeepLink } from '../../main/app/deep-link.js';
import { bringForward, createLinkReceiver, onSecondInstance } from '../../main/app/single-instance.js';
import { DeepLinkInbox } from '../../main/core/deep-link-inbox.js';
import { appHandlers } from '../../main/api/areas/app.js';
import type { AppServices } from '../../main/app-services.js';
import { contract } from '../../shared/contract/index.js';
import { ADMIN_ROUTES } from '../../renderer/lib/route-table.js';

const ID = '3f2b8c1e-9a4d-4c6b-8e21-5d7f0a9b1c2e';

describe('parseDeepLink', () => {
  it.each([
    [`reflect-admin://users/${ID}`, `/admin/users/${ID}`],
    [`reflect-admin://feedback/${ID}`, `/admin/feedback/${ID}`],
    [`reflect-admin://coaches/${ID}`, `/admin/coaches/${ID}`],
    [`reflect-admin://marketing-links/${ID}`, `/admin/marketing-links/${ID}/edit`],
    [`reflect-admin://banners/${ID}`, `/admin/banners/${ID}/edit`],
    [`reflect-admin://products/${ID}`, `/admin/products/edit/${ID}`],
    // a trailing slash (some shells add one), an upper-case scheme and an upper-case id
    [`reflect-admin://users/${ID}/`, `/admin/users/${ID}`],
    [`REFLECT-ADMIN://users/${ID}`, `/admin/users/${ID}`],
    [`reflect-admin://users/${ID.toUpperCase()}`, `/admin/users/${ID}`],
  ])('opens %s at %s', (link, route) => {
    expect(parseDeepLink(link)).toEqual({ ok: true, route });
  });

  it('builds only routes of the route table', () => {
    const patterns = ADMIN_ROUTES.map((r) => new RegExp(`^/admin/${r.path.replace(/:[A-Za-z]+/g, '[0-9a-f-]{36}')}$`));
    for (const kind of ['users', 'feedback', 'coaches', 'marketing-links', 'banners', 'products']) {
      const link = parseDeepLink(`reflect-admin://${kind}/${ID}`);
      expect(link.ok && patterns.some((p) => p.test(link.route)), kind).toBe(true);
    }
  });

  it.each([
    ['another scheme', `https://users/${ID}`, DEEP_LINK_MESSAGES.scheme],
    ['a look-alike scheme', `reflect-admin-evil://users/${ID}`, DEEP_LINK_MESSAGES.scheme],
    ['no slashes', `reflect-admin:users/${ID}`, DEEP_LINK_MESSAGES.scheme],
    ['not a string', 42, DEEP_LINK_MESSAGES.scheme],
    ['a query', `reflect-admin://users/${ID}?tab=activity`, DEEP_LINK_MESSAGES.extra],
    ['a fragment', `reflect-admin://users/${ID}#x`, DEEP_LINK_MESSAGES.extra],
    ['an encoded slash', `reflect-admin://users%2F${ID}`, DEEP_LINK_MESSAGES.extra],
    ['an encoded id', `reflect-admin://users/%33f2b8c1e-9a4d-4c6b-8e21-5d7f0a9b1c2e`, DEEP_LINK_MESSAGES.extra],
    ['credentials', `reflect-admin://me@users/${ID}`, DEEP_LINK_MESSAGES.extra],
    ['a port', `reflect-admin://users:80/${ID}`, DEEP_LINK_MESSAGES.extra],
    ['a back-slash', `reflect-admin://users\\${ID}`, DEEP_LINK_MESSAGES.extra],
    ['white space', `reflect-admin://users/ ${ID}`, DEEP_LINK_MESSAGES.extra],
    ['a NUL', `reflect-admin://users/${ID}\u0000`, DEEP_LINK_MESSAGES.extra],
    ['a line break', `reflect-admin://users/${ID}\n`, DEEP_LINK_MESSAGES.extra],
    ['an extra segment', `reflect-admin://users/${ID}/history`, DEEP_LINK_MESSAGES.shape],
    ['a traversal', `reflect-admin://users/../settings`, DEEP_LINK_MESSAGES.extra],
    ['two trailing slashes', `reflect-admin://users/${ID}//`, DEEP_LINK_MESSAGES.shape],
    ['an empty segment', `reflect-admin://users//${ID}`, DEEP_LINK_MESSAGES.shape],
    ['a leading slash', `reflect-admin:///users/${ID}`, DEEP_LINK_MESSAGES.shape],
    ['an unknown kind', `reflect-admin://settings/${ID}`, DEEP_LINK_MESSAGES.shape],
    ['an inherited name', `reflect-admin://constructor/${ID}`, DEEP_LINK_MESSAGES.shape],
    ['an upper-case kind', `reflect-admin://USERS/${ID}`, DEEP_LINK_MESSAGES.shape],
    ['no id', 'reflect-admin://users', DEEP_LINK_MESSAGES.shape],
    ['no id after the slash', 'reflect-admin://users/', DEEP_LINK_MESSAGES.shape],
    ['a screen without an id', 'reflect-admin://users/new', DEEP_LINK_MESSAGES.id],
    ['a non-uuid id', 'reflect-admin://users/12345', DEEP_LINK_MESSAGES.id],
    ['a uuid with no dashes', `reflect-admin://users/${ID.replaceAll('-', '')}`, DEEP_LINK_MESSAGES.id],
    ['over-long input', `reflect-admin://users/${ID}/${'a'.repeat(DEEP_LINK_MAX)}`, DEEP_LINK_MESSAGES.tooLong],
  ])('refuses %s with a message', (_what, link, message) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, message });
  });
});

describe('deepLinkInArgv', () => {
  it('finds the link on a command line, after Chromium switches too, and nothing when there is none', () => {
    expect(deepLinkInArgv(['C:\\Reflect Admin.exe', '--allow-file-access-from-files', `reflect-admin://users/${ID}`])).toBe(`reflect-admin://users/${ID}`);
    expect(deepLinkInArgv(['/opt/reflect-admin', 'REFLECT-ADMIN://x'])).toBe('REFLECT-ADMIN://x');
    expect(deepLinkInArgv(['/opt/reflect-admin', '.', '--no-sandbox'])).toBeUndefined();
    expect(deepLinkInArgv(['/opt/reflect-admin', 'https://reflect-admin.example/'])).toBeUndefined();
  });
});

describe('the link receiver', () => {
  const setup = () => {
    const deps = { offer: vi.fn(), refuse: vi.fn(), bringForward: vi.fn() };
    return { deps, receiver: createLinkReceiver(deps) };
  };

  it('keeps links that arrive before the app is ready, then handles them in order', () => {
    const { deps, receiver } = setup();
    receiver.receive(`reflect-admin://users/${ID}`);
    receiver.receive('reflect-admin://users/nope');
    expect(deps.offer).not.toHaveBeenCalled();
    receiver.ready();
    expect(deps.offer).toHaveBeenCalledExactlyOnceWith(`/admin/users/${ID}`);
    expect(deps.refuse).toHaveBeenCalledExactlyOnceWith(DEEP_LINK_MESSAGES.id);
    receiver.receive(`reflect-admin://coaches/${ID}`);
    expect(deps.offer).toHaveBeenLastCalledWith(`/admin/coaches/${ID}`);
    expect(deps.bringForward).toHaveBeenCalledTimes(2);
  });

  it('never offers a refused link', () => {
    const { deps, receiver } = setup();
    receiver.ready();
    for (const bad of ['javascript:alert(1)', `reflect-admin://users/${ID}?x=1`, 'reflect-admin://users/../../etc/passwd']) receiver.receive(bad);
    expect(deps.offer).not.toHaveBeenCalled();
    expect(deps.refuse).toHaveBeenCalledTimes(3);
  });
});

describe('single instance: a second launch hands its link to the first', () => {
  it('brings the window forward and passes the link of the second command line on', () => {
    const deps = { bringForward: vi.fn(), receive: vi.fn() };
    onSecondInstance(['/opt/reflect-admin', `reflect-admin://feedback/${ID}`], deps);
    expect(deps.bringForward).toHaveBeenCalledTimes(1);
    expect(deps.receive).toHaveBeenCalledWith(`reflect-admin://feedback/${ID}`);
    onSecondInstance(['/opt/reflect-admin'], deps);
    expect(deps.bringForward).toHaveBeenCalledTimes(2);
    expect(deps.receive).toHaveBeenCalledTimes(1);
  });

  it('restores a minimised window, shows a hidden one and focuses it', () => {
    const win = { isMinimized: vi.fn(() => true), restore: vi.fn(), isVisible: vi.fn(() => false), show: vi.fn(), focus: vi.fn() };
    bringForward(win);
    expect(win.restore).toHaveBeenCalled();
    expect(win.show).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(() => bringForward(undefined)).not.toThrow();
  });
});

describe('DeepLinkInbox', () => {
  it('tells the window a link waits, hands the route over once, and keeps only the newest', () => {
    const emit = vi.fn();
    const inbox = new DeepLinkInbox({ emit });
    expect(inbox.take()).toBeNull();
    inbox.offer('/admin/users/a');
    inbox.offer('/admin/users/b');
    expect(emit).toHaveBeenCalledWith({ type: 'deep-link' });
    expect(inbox.take()).toBe('/admin/users/b');
    expect(inbox.take()).toBeNull();
  });
});

describe('app.takeDeepLink', () => {
  it('answers the waiting route once, then null; its input takes nothing from the window', async () => {
    const inbox = new DeepLinkInbox({ emit: vi.fn() });
    const handlers = appHandlers({ deepLinks: inbox } as unknown as AppServices);
    const take = () => handlers.takeDeepLink({}, { user: null } as never);
    await expect(take()).resolves.toBeNull();
    inbox.offer(`/admin/users/${ID}`);
    await expect(take()).resolves.toEqual({ route: `/admin/users/${ID}` });
    await expect(take()).resolves.toBeNull();
    expect(contract.app.takeDeepLink.input.safeParse({ route: '/admin/settings' }).success).toBe(false);
    expect(contract.app.takeDeepLink).toMatchObject({ kind: 'write', effect: 'local', access: 'public' });
  });
});

describe('the installers register the scheme', () => {
  it('declares reflect-admin in electron-builder.yml protocols', () => {
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    const config = yaml.load(fs.readFileSync(path.resolve('electron-builder.yml'), 'utf8')) as { protocols?: { schemes?: string[] }[] };
    expect(config.protocols?.flatMap((p) => p.schemes ?? [])).toEqual(['reflect-admin']);
  });
});
