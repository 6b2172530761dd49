/**
 * One operation through a link whose only fault is `kind`, aimed at the POST to `path` (the reads around it cross
 * untouched), by an app of its own signed in as the demo administrator: what a lost reply of that one write is
 * answered, and what the audit log says of it (issue 31). `aim`: another method (an update's PATCH), only the first
 * `times` such requests (a request sent again crosses untouched), and how long a stall holds its request.
 */
import { createFaultSchedule, type FaultKind } from '../../../main/local-backend/link/faults.js';
import { startLinkProxy } from '../../../main/local-backend/link/proxy.js';
import type { Result } from '../../../shared/contract/index.js';
import { bootTestApp } from '../booted.js';
import type { SharedBackend } from '../shared-backend.js';

export async function callThroughFault(
  backend: SharedBackend,
  kind: Extract<FaultKind, 'cut-after' | 'cut-before' | 'cut-midway' | 'stall'>,
  path: string,
  op: string,
  input: unknown,
  aim: { readonly method?: string; readonly times?: number; readonly stallMs?: number } = {},
): Promise<{ result: Result<unknown>; audit: unknown[]; faults: number }> {
  let left = aim.times ?? Infinity;
  const applies = (method: string, p: string) => method === (aim.method ?? 'POST') && p === path && left-- > 0;
  const faults = createFaultSchedule({ seed: 1, rate: 1, kinds: [kind], applies });
  const link = await startLinkProxy({
    upstream: backend.url,
    shape: { rttMs: 0 },
    handshakeRoundTrips: 0,
    faults,
    ...(aim.stallMs ? { stallMs: aim.stallMs } : {}),
  });
  const app = bootTestApp({ ...backend, url: link.url }, { overLink: true });
  try {
    await app.signIn();
    const result = await app.call(op, input);
    const conn = await app.services.connections.current();
    const audit = conn.audit!.db.prepare(`select outcome, error_code as code from audit_log where operation = ? order by id`).all(op);
    return { result, audit, faults: faults.events().length };
  } finally {
    await app.close();
    await link.close();
  }
}
