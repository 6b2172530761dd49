/**
 * One operation through a link whose only fault is `kind`, aimed at the POST to `path` (the reads around it cross
 * untouched), by an app of its own signed in as the demo administrator: what a lost reply of that one write is
 * answered, and what the audit log says of it (issue 31).
 */
import { createFaultSchedule, type FaultKind } from '../../../main/local-backend/link/faults.js';
import { startLinkProxy } from '../../../main/local-backend/link/proxy.js';
import type { Result } from '../../../shared/contract/index.js';
import { bootTestApp } from '../booted.js';
import type { SharedBackend } from '../shared-backend.js';

export async function callThroughFault(
  backend: SharedBackend,
  kind: Extract<FaultKind, 'cut-after' | 'cut-before' | 'cut-midway'>,
  path: string,
  op: string,
  input: unknown,
): Promise<{ result: Result<unknown>; audit: unknown[]; faults: number }> {
  const faults = createFaultSchedule({ seed: 1, rate: 1, kinds: [kind], applies: (method, p) => method === 'POST' && p === path });
  const link = await startLinkProxy({ upstream: backend.url, shape: { rttMs: 0 }, handshakeRoundTrips: 0, faults });
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
