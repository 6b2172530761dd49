import { describe, expect, it } from 'vitest';
import { safeObjectName } from '../../main/local-backend/gateway/storage.js';

describe('storage object names of the embedded backend', () => {
  it.each(['avatars/a.jpg', 'admin/0f1e/tts-puck-1.mp3', 'a%20b.png'])('accepts %s', (name) => {
    expect(() => safeObjectName(name)).not.toThrow();
  });
  it.each(['', '/abs.jpg', '../x', 'a/../../x', 'a//b', 'a/./b', 'a\\b', 'a/%2e%2e/b', 'nul\0byte', '%2e%2e', '%E0%A4%A', 'a/%E0%A4%A.png', '%'])(
    'refuses %s',
    (name) => {
      expect(() => safeObjectName(name)).toThrow(/Invalid key/);
    },
  );
});
