/** The running embedded backend a suite (or a benchmark) works against: what its global setup provides. */
export interface SharedBackend {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly databaseUrl: string;
  readonly dataDir: string;
}
