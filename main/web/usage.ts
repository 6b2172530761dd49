/** `npm run start:web -- --help`: every option main/web/cli.ts takes, and the environment it reads. */
export const WEB_USAGE = `Usage: npm run start:web [-- options]

Builds, then serves Reflect Admin on 127.0.0.1 to a browser (browser mode): the same services as the desktop app,
on the embedded demo backend unless the environment names a project. It prints the address to open.

Options:
  --port N              the port to listen on (default: any free port)
  --data-dir DIR        the data folder (profiles, caches, audit log, the demo backend's database)
  --fresh               start the demo backend from a newly seeded database
  --seed-users N        with --fresh: seed about N users
  --seed-feedback N     with --fresh: seed about N feedback items
  --link RTT,BANDWIDTH  reach the demo backend through a simulated link, e.g. 100ms,50mbit
  --help                print this and exit

Environment:
  REFLECT_SUPABASE_URL, REFLECT_SUPABASE_ANON_KEY, REFLECT_SUPABASE_SERVICE_ROLE_KEY, REFLECT_PRODUCT_NAME
                        a hosted project to use instead of the demo (keys stay in memory)
  REFLECT_AUTH_AUTOCONFIRM=on, REFLECT_AUTH_RATE_LIMITS=off
                        the demo's sign-up confirmation and hosted rate limits
  REFLECT_DEBUG=1       debug logging
`;

export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');
