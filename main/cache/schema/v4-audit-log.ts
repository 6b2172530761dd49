/**
 * Cache migration 4: the audit log as it was first kept, in the cache. It moved to its own file (main/audit/,
 * which copies these entries over once); the table stays in the cache, no longer written.
 *
 * Frozen: what cache migration 4 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */
export const CACHE_AUDIT_LOG_SCHEMA = `
  create table audit_log (
    id            integer primary key autoincrement,
    at            text not null,
    admin_id      text,
    admin_email   text,
    operation     text not null,
    area          text not null,
    target_table  text,
    target_id     text,
    input         text,
    before        text,
    after         text,
    outcome       text not null check (outcome in ('ok', 'failed')),
    error_code    text,
    error_message text
  );
  create index audit_log_admin on audit_log (admin_id, id);
  create index audit_log_area on audit_log (area, id);
  create index audit_log_operation on audit_log (operation, id);
  create index audit_log_at on audit_log (at);
  create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'The audit log is append-only.'); end;
  create trigger audit_log_no_delete before delete on audit_log
    begin select raise(abort, 'The audit log is append-only.'); end;
`;
