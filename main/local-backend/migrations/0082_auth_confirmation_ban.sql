-- The demo gateway answers /auth/v1 like GoTrue (issue 19): sign-up waits for an e-mailed confirmation link, an
-- e-mail change through PUT /user waits for links to both addresses (secure e-mail change, the hosted default),
-- and an admin can ban a user for a duration. These are GoTrue's own auth.users columns for that state; tokens
-- are stored as SHA-256 hashes so a database read never yields a usable link.
alter table auth.users
  add column if not exists confirmation_token text,
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists email_change text,
  add column if not exists email_change_token_new text,
  add column if not exists email_change_token_current text,
  add column if not exists email_change_confirm_status smallint not null default 0,
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists banned_until timestamptz;
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token is not null;
