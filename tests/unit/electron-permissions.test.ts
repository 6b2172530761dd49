import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  applyPermissionPolicy,
  denyBluetoothSelection,
  denyDevicePermission,
  denyPermissionCheck,
  denyPermissionRequest,
  type PermissionSession,
} from '../../main/app/permissions.js';

const PERMISSIONS = [
  'media',
  'geolocation',
  'notifications',
  'midi',
  'midiSysex',
  'clipboard-read',
  'clipboard-sanitized-write',
  'display-capture',
  'fullscreen',
  'pointerLock',
  'keyboardLock',
  'openExternal',
  'hid',
  'serial',
  'usb',
  'idle-detection',
  'fileSystem',
  'window-management',
  'local-fonts',
  'storage-access',
  'unknown',
];

function fakeSession() {
  const emitter = new EventEmitter();
  const handlers: Record<string, unknown> = {};
  const session = {
    setPermissionRequestHandler: (h: unknown) => void (handlers.request = h),
    setPermissionCheckHandler: (h: unknown) => void (handlers.check = h),
    setDevicePermissionHandler: (h: unknown) => void (handlers.device = h),
    setDisplayMediaRequestHandler: (h: unknown) => void (handlers.display = h),
    setBluetoothPairingHandler: (h: unknown) => void (handlers.bluetooth = h),
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
  };
  return { session: session as unknown as PermissionSession, handlers, emitter };
}

const prevented = () => ({ preventDefault: vi.fn() });

// E3: every permission request and check is refused.
describe('permission handlers (E3)', () => {
  it('refuses every permission request', () => {
    for (const p of PERMISSIONS) {
      const callback = vi.fn();
      denyPermissionRequest({}, p, callback);
      expect(callback, p).toHaveBeenCalledExactlyOnceWith(false);
    }
  });

  it('reports every permission check as not granted', () => {
    for (const p of PERMISSIONS) expect((denyPermissionCheck as (...a: unknown[]) => boolean)(null, p, 'app://reflect', {})).toBe(false);
    expect(denyDevicePermission()).toBe(false);
  });

  it('installs the handlers on the session, device and media ones included', () => {
    const { session, handlers } = fakeSession();
    applyPermissionPolicy(session);
    expect(handlers.request).toBe(denyPermissionRequest);
    expect(handlers.check).toBe(denyPermissionCheck);
    expect(handlers.device).toBe(denyDevicePermission);
    const display = vi.fn();
    (handlers.display as (r: unknown, cb: (s: unknown) => void) => void)({}, display);
    expect(display).toHaveBeenCalledWith(null);
    const pairing = vi.fn();
    (handlers.bluetooth as (d: unknown, cb: (r: unknown) => void) => void)({}, pairing);
    expect(pairing).toHaveBeenCalledWith({ confirmed: false });
  });

  it('works where the optional device APIs do not exist', () => {
    const { session, handlers } = fakeSession();
    const minimal = { ...session, setDevicePermissionHandler: undefined, setDisplayMediaRequestHandler: undefined, setBluetoothPairingHandler: undefined };
    expect(() => applyPermissionPolicy(minimal as PermissionSession)).not.toThrow();
    expect(handlers.request).toBe(denyPermissionRequest);
  });

  it('cancels HID, serial and USB device choosers and downloads', () => {
    const { session, emitter } = fakeSession();
    applyPermissionPolicy(session);
    const hid = prevented(),
      hidCb = vi.fn();
    emitter.emit('select-hid-device', hid, {}, hidCb);
    expect(hid.preventDefault).toHaveBeenCalled();
    expect(hidCb).toHaveBeenCalledWith(null);
    const serial = prevented(),
      serialCb = vi.fn();
    emitter.emit('select-serial-port', serial, [], {}, serialCb);
    expect(serial.preventDefault).toHaveBeenCalled();
    expect(serialCb).toHaveBeenCalledWith('');
    const usb = prevented(),
      usbCb = vi.fn();
    emitter.emit('select-usb-device', usb, {}, usbCb);
    expect(usb.preventDefault).toHaveBeenCalled();
    expect(usbCb).toHaveBeenCalledWith();
    const download = prevented();
    emitter.emit('will-download', download);
    expect(download.preventDefault).toHaveBeenCalled();
  });

  it('cancels the Bluetooth device chooser', () => {
    const event = prevented(),
      callback = vi.fn();
    denyBluetoothSelection(event, [{ deviceId: 'x' }], callback);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(callback).toHaveBeenCalledWith('');
  });
});
