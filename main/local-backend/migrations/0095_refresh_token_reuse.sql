-- GoTrue's refresh-token reuse rules need when a token was last changed (revoked): a revoked token may be used again
-- within the reuse interval (a client that lost the reply), or when it is the parent of the session's active token.
alter table auth.refresh_tokens add column updated_at timestamptz not null default now();
