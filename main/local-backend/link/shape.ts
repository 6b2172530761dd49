/**
 * The shape of a simulated network link: its round-trip time and, optionally, its bandwidth (shared by everything
 * on the link, each way). Written as on the command line: `100ms`, `100ms,50mbit`, `0.15s,2mbit`.
 */
export interface LinkShape {
  readonly rttMs: number;
  /** Bits per second each way; undefined: as fast as the loopback. */
  readonly bitsPerSecond?: number;
}

export const LINK_SPEC_HELP = 'a round-trip time and optionally a bandwidth, e.g. 100ms or 100ms,50mbit';

const RTT = /^(\d+(?:\.\d+)?)(ms|s)$/i;
const BANDWIDTH = /^(\d+(?:\.\d+)?)(kbit|mbit|gbit)$/i;
const BANDWIDTH_UNITS: Record<string, number> = { kbit: 1e3, mbit: 1e6, gbit: 1e9 };
/** Past these a typo is more likely than a real link (a minute of latency, a terabit). */
const MAX_RTT_MS = 60_000;
const MAX_BITS = 1e12;

/** Parses a link spec; throws an Error naming what is wrong (the CLI prints it). */
export function parseLinkSpec(spec: string): LinkShape {
  const parts = spec.split(',').map((p) => p.trim());
  const [rttPart, bwPart, ...rest] = parts;
  if (!rttPart || rest.length > 0) throw new Error(`--link takes ${LINK_SPEC_HELP}; got "${spec}".`);
  const rtt = RTT.exec(rttPart);
  if (!rtt) throw new Error(`--link: "${rttPart}" is not a round-trip time (${LINK_SPEC_HELP}).`);
  const rttMs = Number(rtt[1]) * (rtt[2]!.toLowerCase() === 's' ? 1000 : 1);
  if (rttMs > MAX_RTT_MS) throw new Error(`--link: a round-trip time of ${rttMs} ms is more than a minute.`);
  if (bwPart === undefined) return { rttMs };
  const bw = BANDWIDTH.exec(bwPart);
  if (!bw) throw new Error(`--link: "${bwPart}" is not a bandwidth (kbit, mbit or gbit, e.g. 50mbit).`);
  const bitsPerSecond = Number(bw[1]) * BANDWIDTH_UNITS[bw[2]!.toLowerCase()]!;
  if (bitsPerSecond <= 0 || bitsPerSecond > MAX_BITS) throw new Error(`--link: a bandwidth of "${bwPart}" is out of range.`);
  return { rttMs, bitsPerSecond };
}

export function describeLink(shape: LinkShape): string {
  const bw = shape.bitsPerSecond === undefined ? '' : `, ${+(shape.bitsPerSecond / 1e6).toFixed(3)} Mbit/s`;
  return `${shape.rttMs} ms round trip${bw}`;
}
