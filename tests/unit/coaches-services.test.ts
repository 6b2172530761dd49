import { describe, expect, it } from 'vitest';
import { objectNameOf, rebaseStorageUrl, urlRebaseFor } from '../../main/services/coaches/avatar-url.js';
import { avatarBytes } from '../../main/services/coaches/avatar.js';
import { MISSING_FUNCTION_MESSAGE, versionWriteError } from '../../main/services/versions/writer.js';
import { coaches } from '../../shared/contract/areas/coaches.js';
import { prompts } from '../../shared/contract/areas/prompts.js';
import { AppError } from '../../main/ground/errors.js';

const params = { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] };

describe('avatar URLs', () => {
  it('re-bases loopback storage URLs of the embedded backend on its current address, and nothing else', () => {
    const stored = 'http://127.0.0.1:41234/storage/v1/object/public/coach-avatars/avatars/a-1.jpg';
    expect(rebaseStorageUrl(stored, 'http://127.0.0.1:50000/')).toBe('http://127.0.0.1:50000/storage/v1/object/public/coach-avatars/avatars/a-1.jpg');
    expect(rebaseStorageUrl('https://xyz.supabase.co/storage/v1/object/public/coach-avatars/avatars/a.jpg', 'http://127.0.0.1:1')).toBe(
      'https://xyz.supabase.co/storage/v1/object/public/coach-avatars/avatars/a.jpg',
    );
    expect(rebaseStorageUrl('http://127.0.0.1:41234/elsewhere.jpg', 'http://127.0.0.1:1')).toBe('http://127.0.0.1:41234/elsewhere.jpg');
    expect(rebaseStorageUrl(null, 'http://127.0.0.1:1')).toBeNull();
    expect(rebaseStorageUrl('not a url', 'http://127.0.0.1:1')).toBe('not a url');
    const hosted = urlRebaseFor({ profile: { kind: 'remote' } as never, credentials: { url: 'http://127.0.0.1:1' } as never });
    expect(hosted(stored)).toBe(stored);
  });

  it("finds the object name of a bucket's public URL, refusing other buckets and traversal", () => {
    expect(objectNameOf('https://x.supabase.co/storage/v1/object/public/coach-avatars/avatars/a%20b.jpg', 'coach-avatars')).toBe('avatars/a b.jpg');
    expect(objectNameOf('https://x.supabase.co/storage/v1/object/public/product-images/avatars/a.jpg', 'coach-avatars')).toBeNull();
    // URL parsing resolves encoded dots: such a name leaves avatars/, which is all the avatar code ever deletes.
    expect(objectNameOf('https://x.supabase.co/storage/v1/object/public/coach-avatars/avatars/%2e%2e/secret', 'coach-avatars')).toBe('secret');
    expect(objectNameOf('https://x.supabase.co/storage/v1/object/public/coach-avatars/a//b', 'coach-avatars')).toBeNull();
    expect(objectNameOf('https://cdn.example.com/avatar.png', 'coach-avatars')).toBeNull();
  });

  it('accepts only JPEG bytes of at most 5 MB', () => {
    expect(() => avatarBytes(Buffer.from('hello').toString('base64'))).toThrow('The cropped image is not a valid JPEG.');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xc0, 0, 0x11, 8, 0, 1, 0, 1]);
    expect(() => avatarBytes(big.toString('base64'))).toThrow('File size must be less than 5MB');
    const ok = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 0x11, 8, 0, 2, 0, 3, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
    expect(avatarBytes(ok.toString('base64')).length).toBe(ok.length);
  });
});

describe('version write errors', () => {
  it('names the missing SQL function (a hosted project without migration 0040)', () => {
    const e = versionWriteError({ code: 'PGRST202', message: 'Could not find the function public.admin_append_version(...) in the schema cache' });
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'NOT_CONFIGURED', message: MISSING_FUNCTION_MESSAGE });
    expect(MISSING_FUNCTION_MESSAGE).toContain('public.admin_append_version');
    expect(MISSING_FUNCTION_MESSAGE).toContain('0040_version_families.sql');
    expect(versionWriteError({ code: '42501', message: 'Admin access required' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(versionWriteError({ code: '23505', message: 'duplicate key' })).toMatchObject({ code: 'BACKEND_ERROR', message: 'duplicate key' });
  });
});

describe('coaches contract inputs', () => {
  const base = {
    name: 'X',
    description: null,
    category: null,
    subscriptionTier: 'basic',
    coachType: 'reflect',
    isFree: false,
    isActive: true,
    sampleInteraction: null,
  };

  it('trims the name, refuses a blank one with the spec message, and sends blank optional text as null', () => {
    const parsed = coaches.create.input.parse({ ...base, name: '  Nova  ', description: '   ', category: '', sampleInteraction: ' ' });
    expect(parsed).toMatchObject({ name: 'Nova', description: null, category: null, sampleInteraction: null });
    const blank = coaches.create.input.safeParse({ ...base, name: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Coach name is required.');
    expect(coaches.create.input.safeParse({ ...base, subscriptionTier: 'gold' }).success).toBe(false);
    expect(coaches.create.input.safeParse({ ...base, creator_id: 'x' }).success).toBe(false);
  });

  it('checks the coach parameter ranges and snaps them to their steps', () => {
    const ok = prompts.save.input.parse({
      family: 'coach-prompt',
      coachId: '00000000-0000-4000-8000-000000000000',
      content: 'x',
      params: { ...params, temperature: 0.1 + 0.2, topP: 0.956 },
    });
    if (ok.family !== 'coach-prompt') throw new Error('parsed as another family');
    expect(ok.params).toMatchObject({ temperature: 0.3, topP: 0.96 });
    expect(ok.notes).toBeNull();
    for (const bad of [{ temperature: 0 }, { temperature: 1.1 }, { topK: 0 }, { topK: 101 }, { topK: 4.5 }, { topP: 0.05 }, { model: 'gpt-4' }]) {
      expect(
        prompts.save.input.safeParse({ family: 'coach-prompt', coachId: '00000000-0000-4000-8000-000000000000', content: 'x', params: { ...params, ...bad } })
          .success,
      ).toBe(false);
    }
  });

  it('caps the avatar bytes at 5 MB of base64', () => {
    const coachId = '00000000-0000-4000-8000-000000000000';
    expect(coaches.uploadAvatar.input.safeParse({ coachId, jpegBase64: 'A'.repeat(6_990_508) }).success).toBe(true);
    expect(coaches.uploadAvatar.input.safeParse({ coachId, jpegBase64: 'A'.repeat(6_990_512) }).success).toBe(false);
    expect(coaches.uploadAvatar.input.safeParse({ coachId, jpegBase64: 'not base64!' }).success).toBe(false);
  });
});
