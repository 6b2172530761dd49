/**
 * One direction of a simulated link: bytes go out one after another at the link's bandwidth (a chunk waits for
 * the ones before it) and arrive half a round trip after they went out. Pure: the caller gives the times.
 */
export class LinkPipe {
  /** When the sender's side of the link is free again (the last chunk's last bit went out). */
  private freeAt = -Infinity;

  constructor(
    private readonly oneWayMs: number,
    private readonly bitsPerSecond: number | undefined,
  ) {}

  /** When a chunk of `bytes` handed to the link at `nowMs` has fully arrived at the other end. */
  deliver(nowMs: number, bytes: number): number {
    const start = Math.max(nowMs, this.freeAt);
    const sending = this.bitsPerSecond === undefined ? 0 : (bytes * 8 * 1000) / this.bitsPerSecond;
    this.freeAt = start + sending;
    return this.freeAt + this.oneWayMs;
  }

  /** How long the link stays busy with what was already handed to it, from `nowMs`. */
  backlogMs(nowMs: number): number {
    return Math.max(0, this.freeAt - nowMs);
  }
}
