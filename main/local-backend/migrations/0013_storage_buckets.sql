-- The storage buckets the spec names: images (5 MB, jpeg/png/gif/webp, public URLs) and private TTS audio (50 MB).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('coach-avatars', 'coach-avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('product-images', 'product-images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('company-logos', 'company-logos', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('tts-audio', 'tts-audio', false, 52428800, null)
on conflict (id) do nothing;
