import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { attachNavigationGuards, createNavigationGuards, type GuardedContents } from '../../main/app/navigation.js';
import { isAllowedExternalUrl } from '../../main/app/external-links.js';

function setup() {
  const openExternal = vi.fn(async () => undefined);
  const deps = { isAllowedExternal: (url: string) => isAllowedExternalUrl(url), openExternal };
  return { openExternal, guards: createNavigationGuards(deps), deps };
}
const event = (url?: string) => ({ preventDefault: vi.fn(), ...(url ? { url } : {}) });

// E4: no navigation away from the app, no new windows, no webviews.
describe('navigation guards (E4)', () => {
  it('lets the page navigate within the app origin', () => {
    const { guards } = setup();
    for (const url of ['app://reflect/', 'app://reflect/users/123', 'app://reflect/index.html#x']) {
      const e = event(url);
      guards.onWillNavigate(e);
      expect(e.preventDefault, url).not.toHaveBeenCalled();
    }
  });

  it('prevents navigation to any other origin', () => {
    const { guards, openExternal } = setup();
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://reflect.evil/',
      'app://evil/',
      'http://127.0.0.1:3000/',
      'javascript:alert(1)',
      'data:text/html,x',
      'about:blank',
      '',
    ]) {
      const e = event();
      guards.onWillNavigate(e, url);
      expect(e.preventDefault, url).toHaveBeenCalled();
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends an allowed external link to the system browser instead of navigating', () => {
    const { guards, openExternal } = setup();
    const e = event('https://supabase.com/docs');
    guards.onWillNavigate(e);
    expect(e.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://supabase.com/docs');
  });

  it('prevents redirects and frame navigations off the app origin, opening nothing', () => {
    const { guards, openExternal } = setup();
    const e = event('https://supabase.com/');
    guards.denyUnlessApp(e);
    expect(e.preventDefault).toHaveBeenCalled();
    const ok = event('app://reflect/x');
    guards.denyUnlessApp(ok);
    expect(ok.preventDefault).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every window.open, opening allowed links externally', () => {
    const { guards, openExternal } = setup();
    expect(guards.windowOpenHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(guards.windowOpenHandler({ url: 'app://reflect/' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(guards.windowOpenHandler({ url: 'https://dashboard.stripe.com/customers' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://dashboard.stripe.com/customers');
  });

  it('prevents attaching a webview', () => {
    const { guards } = setup();
    const e = event();
    guards.onWillAttachWebview(e);
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it('wires every guard onto the web contents', () => {
    const { deps, openExternal } = setup();
    const emitter = new EventEmitter();
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, l: (...a: unknown[]) => void) => emitter.on(name, l),
      setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
    } as unknown as GuardedContents;
    attachNavigationGuards(contents, deps);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      const e = event('https://evil.example/');
      emitter.emit(name, e, 'https://evil.example/');
      expect(e.preventDefault, name).toHaveBeenCalled();
    }
    const webview = event();
    emitter.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });
});
