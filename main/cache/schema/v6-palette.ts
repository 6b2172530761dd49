/**
 * Cache migration 6: the command palette's tables in the profile's cache database (main/services/palette/). palette_items holds one row
 * per findable entity and admin, built from what the cache already keeps (main/services/palette/sources/); palette_terms and palette_user_terms are
 * its FTS5 indexes with the trigram tokenizer (users apart: 100,000 of them must not slow the search for a coach), kept in step by triggers (an external-content table, so the text is stored
 * once). palette_sources remembers what each source was built from, so a refresh runs only when that changed.
 * palette_recent is the admin's last opened items. Sign-out deletes the user's auth.verifiedAdmin kept read
 * (with all their kept reads): a trigger then forgets their palette rows too, as it does their other local state.
 *
 * Frozen: what cache migration 6 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */
export const PALETTE_SCHEMA = `
  create table palette_items (
    user_id  text not null,
    kind     text not null,
    id       text not null,
    title    text not null,
    subtitle text not null,
    route    text not null,
    terms    text not null,
    primary key (user_id, kind, id)
  );
  create virtual table palette_terms using fts5(terms, content = 'palette_items', content_rowid = 'rowid', tokenize = 'trigram');
  create virtual table palette_user_terms using fts5(terms, content = 'palette_items', content_rowid = 'rowid', tokenize = 'trigram');
  create trigger palette_items_ai after insert on palette_items begin
    insert into palette_terms (rowid, terms) select new.rowid, new.terms where new.kind <> 'user';
    insert into palette_user_terms (rowid, terms) select new.rowid, new.terms where new.kind = 'user';
  end;
  create trigger palette_items_ad after delete on palette_items begin
    insert into palette_terms (palette_terms, rowid, terms) select 'delete', old.rowid, old.terms where old.kind <> 'user';
    insert into palette_user_terms (palette_user_terms, rowid, terms) select 'delete', old.rowid, old.terms where old.kind = 'user';
  end;
  create trigger palette_items_au after update of terms on palette_items begin
    insert into palette_terms (palette_terms, rowid, terms) select 'delete', old.rowid, old.terms where old.kind <> 'user';
    insert into palette_user_terms (palette_user_terms, rowid, terms) select 'delete', old.rowid, old.terms where old.kind = 'user';
    insert into palette_terms (rowid, terms) select new.rowid, new.terms where new.kind <> 'user';
    insert into palette_user_terms (rowid, terms) select new.rowid, new.terms where new.kind = 'user';
  end;
  create table palette_sources (
    user_id text not null,
    kind    text not null,
    stamp   text not null,
    primary key (user_id, kind)
  );
  create table palette_recent (
    user_id   text not null,
    kind      text not null,
    id        text not null,
    opened_at text not null,
    primary key (user_id, kind, id)
  );
  create index palette_recent_newest on palette_recent (user_id, opened_at);
  create trigger palette_forget_user after delete on kept_reads when old.op = 'auth.verifiedAdmin' begin
    delete from palette_items where user_id = old.user_id;
    delete from palette_sources where user_id = old.user_id;
    delete from palette_recent where user_id = old.user_id;
  end;
`;
