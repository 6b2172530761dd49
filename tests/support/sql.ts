import pg from 'pg';

/** One query against the embedded backend's database, on a connection of its own (tests read ground truth). */
export async function query<T extends pg.QueryResultRow = Record<string, unknown>>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The number in the first column of the first row, e.g. of `select count(*) from ...`. */
export async function count(databaseUrl: string, text: string, params: unknown[] = []): Promise<number> {
  const [row] = await query(databaseUrl, text, params);
  return Number(row ? Object.values(row)[0] : Number.NaN);
}
