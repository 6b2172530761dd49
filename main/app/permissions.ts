/**
 * Every permission the page could ask for is refused (E3 in SECURITY.md): camera, microphone, notifications,
 * geolocation, clipboard reads, HID, serial, USB, Bluetooth, screen capture, all of them. The admin tool
 * needs none; copy and paste work through the Edit menu's native roles. Downloads are cancelled too: files
 * are written by main, to a path the administrator chose.
 */

/** setPermissionRequestHandler: refuse whatever is asked. */
export function denyPermissionRequest(_webContents: unknown, _permission: string, callback: (granted: boolean) => void): void {
  callback(false);
}

/** setPermissionCheckHandler: no permission is ever reported as granted. */
export function denyPermissionCheck(): boolean {
  return false;
}

/** setDevicePermissionHandler (HID, serial, USB). */
export function denyDevicePermission(): boolean {
  return false;
}

interface Cancellable {
  preventDefault(): void;
}

/**
 * The parts of Session this uses; the device and media handlers are optional because not every Electron
 * version or platform has them.
 */
export interface PermissionSession {
  setPermissionRequestHandler(handler: typeof denyPermissionRequest): void;
  setPermissionCheckHandler(handler: typeof denyPermissionCheck): void;
  setDevicePermissionHandler?(handler: typeof denyDevicePermission): void;
  setDisplayMediaRequestHandler?(handler: (request: unknown, callback: (streams: null) => void) => void): void;
  setBluetoothPairingHandler?(handler: (details: unknown, callback: (response: { confirmed: boolean }) => void) => void): void;
  on(event: 'select-hid-device', listener: (event: Cancellable, details: unknown, callback: (id?: string | null) => void) => void): unknown;
  on(event: 'select-serial-port', listener: (event: Cancellable, ports: unknown, wc: unknown, callback: (id: string) => void) => void): unknown;
  on(event: 'select-usb-device', listener: (event: Cancellable, details: unknown, callback: (id?: string) => void) => void): unknown;
  on(event: 'will-download', listener: (event: Cancellable) => void): unknown;
}

export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
  session.setDevicePermissionHandler?.(denyDevicePermission);
  session.setDisplayMediaRequestHandler?.((_request, callback) => callback(null));
  session.setBluetoothPairingHandler?.((_details, callback) => callback({ confirmed: false }));
  // A device chooser left unanswered would hang the page's promise; cancelling answers "no device".
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback(null);
  });
  session.on('select-serial-port', (event, _ports, _wc, callback) => {
    event.preventDefault();
    callback('');
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('will-download', (event) => event.preventDefault());
}

/** webContents' Bluetooth chooser: cancel it. */
export function denyBluetoothSelection(event: Cancellable, _devices: unknown, callback: (deviceId: string) => void): void {
  event.preventDefault();
  callback('');
}
