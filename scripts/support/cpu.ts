/**
 * CPU time (ms) of every process this one started (PostgreSQL with its backends, PostgREST), read from /proc: on a
 * shared 2-core machine wall time swings with colleagues' load, CPU time much less (bench:analytics, bench:sync).
 */
import fs from 'node:fs';

export function childrenCpuMs(): number {
  const tick = 10; // USER_HZ is 100 on Linux
  const stats = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * tick }];
      } catch {
        return [];
      }
    });
  const mine = new Set([process.pid]);
  let total = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (mine.has(s.pid) || !mine.has(s.ppid)) continue;
      mine.add(s.pid);
      total += s.cpu;
      grew = true;
    }
  }
  return total;
}

/** CPU time (ms) of this process since `since` (process.cpuUsage()). */
export function ownCpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
}
