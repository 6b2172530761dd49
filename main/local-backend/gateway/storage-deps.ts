import type pg from 'pg';

/** What every storage route needs: the database (storage.objects, storage.buckets), the JWT secret and the files' root. */
export interface StorageDeps {
  readonly db: pg.Pool;
  readonly jwtSecret: string;
  readonly root: string;
}
