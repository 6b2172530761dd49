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
