// What the whole machine's CPUs did while a bench timed something (Linux /proc/stat), recorded
// beside the time, since the same code takes very different times for reasons outside it:
// - steal: on a virtual machine the host can take CPU time from this guest, and timings then grow
//   with no change in the code (the same 10,000-publication build took 75 s at 7% steal and 96 s
//   at 19% on the same machine within minutes);
// - cores busy: how much of the machine the work kept busy, which tells work that waited on one
//   thread from work the cores could not keep up with;
// - the kernel's share of the busy time: a build creates tens of thousands of files and folders,
//   and on some file systems that costs more CPU time than the rendering does.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

interface Ticks {
  busy: number;
  kernel: number;
  steal: number;
  total: number;
}

/** The CPU ticks so far, all cores together, or null where they cannot be read. */
function ticks(): Ticks | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu;
    const steal = cpu[7] ?? 0;
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return {
      busy: user + nice + system + irq + softirq,
      kernel: system + irq + softirq,
      steal,
      total,
    };
  } catch {
    return null;
  }
}

export interface CpuUse {
  /** Per cent of the CPU time the host took from this guest. */
  steal: number;
  /** Cores kept busy on average, out of availableParallelism(). */
  coresBusy: number;
  /** Per cent of the busy time spent in the kernel (system calls: files, folders, memory). */
  kernel: number;
}

/** Starts measuring; the function returned gives what the CPUs did since, or null. */
export function cpuMeter(): () => CpuUse | null {
  const start = ticks();
  return () => {
    const end = ticks();
    if (!start || !end || end.total === start.total) return null;
    const total = end.total - start.total;
    const busy = end.busy - start.busy;
    return {
      steal: Math.round((100 * (end.steal - start.steal)) / total),
      coresBusy: Number(((busy / total) * availableParallelism()).toFixed(2)),
      kernel: busy ? Math.round((100 * (end.kernel - start.kernel)) / busy) : 0,
    };
  };
}

/** "1.52 cores busy, 31% of it in the kernel, 0% steal", or '?' where it could not be measured. */
export const describeCpu = (use: CpuUse | null): string =>
  use
    ? `${use.coresBusy} of ${availableParallelism()} cores busy, ${use.kernel}% of it in the kernel, ${use.steal}% steal`
    : '?';
