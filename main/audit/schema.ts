/**
 * The audit log's table, in the profile's audit file (main/audit/database.ts, audit migration 1; cache migration 4
 * created it in the cache, where it is no longer written). Append-only from the app's side:
 * the app exposes no operation that changes or removes an entry, and triggers refuse UPDATE and DELETE in
 * SQL, so a bug elsewhere cannot rewrite history either. Each entry is one INSERT in its own transaction
 * (WAL, synchronous FULL): a crash leaves it whole or absent.
 */
export const AUDIT_SCHEMA = `
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

/**
 * Audit migration 2: outcome may also be 'unknown', for a write whose reply was lost after it may have reached the
 * server (the router's OUTCOME_UNKNOWN) and that reading the target again could not settle. SQLite cannot change
 * a CHECK in place, so the table is built again with every entry, ids and all, and its indexes and triggers.
 */
export const AUDIT_OUTCOME_UNKNOWN = `
  create table audit_log_v2 (
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
    outcome       text not null check (outcome in ('ok', 'failed', 'unknown')),
    error_code    text,
    error_message text
  );
  insert into audit_log_v2 (id, at, admin_id, admin_email, operation, area, target_table, target_id, input, before, after, outcome, error_code, error_message)
    select id, at, admin_id, admin_email, operation, area, target_table, target_id, input, before, after, outcome, error_code, error_message from audit_log;
  drop table audit_log;
  alter table audit_log_v2 rename to audit_log;
  create index audit_log_admin on audit_log (admin_id, id);
  create index audit_log_area on audit_log (area, id);
  create index audit_log_operation on audit_log (operation, id);
  create index audit_log_at on audit_log (at);
  create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'The audit log is append-only.'); end;
  create trigger audit_log_no_delete before delete on audit_log
    begin select raise(abort, 'The audit log is append-only.'); end;
`;
