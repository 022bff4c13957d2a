// On a virtual machine the host can take CPU time from this guest ("steal"), and timings then
// grow with no change in the code: the same 10,000-publication build took 75 s at 7% steal and 96 s at
// 19% on the same machine within minutes. Benches record it beside what they time.
import { readFileSync } from 'node:fs';

/** The steal and total CPU ticks so far (Linux /proc/stat), or null where they cannot be read. */
function ticks(): { steal: number; total: number } | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return { steal: cpu[7] ?? 0, total };
  } catch {
    return null;
  }
}

/** Starts measuring; the function returned gives the per cent of CPU time stolen since, or null. */
export function stealMeter(): () => number | null {
  const start = ticks();
  return () => {
    const end = ticks();
    if (!start || !end || end.total === start.total) return null;
    return Math.round((100 * (end.steal - start.steal)) / (end.total - start.total));
  };
}
