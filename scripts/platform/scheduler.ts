import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { ScheduledFn } from './functions';
import { invocationWork, type BackgroundWork } from './wait-until';

/**
 * Runs scheduled functions on their cron expressions in UTC, as Netlify does, with the body
 * Netlify sends ({ next_run }). One run of a function at a time: a slow run is not overlapped.
 */
export class Scheduler {
  private jobs: Cron[] = [];

  constructor(
    private fns: ScheduledFn[],
    private origin: string,
    private log: (line: string) => void,
    private background: BackgroundWork,
  ) {}

  start(): void {
    for (const fn of this.fns) {
      const job: Cron = new Cron(fn.schedule, { timezone: 'UTC', protect: true }, async () => {
        await this.run(fn.name, job.nextRun() ?? undefined);
      });
      this.jobs.push(job);
    }
  }

  /** Runs one scheduled function now (tests play the clock's part with it); answers its response. */
  async run(name: string, nextRun?: Date): Promise<Response> {
    const fn = this.fns.find((f) => f.name === name);
    if (!fn) throw new Error(`No scheduled function named ${name}`);
    const req = new Request(`${this.origin}/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ next_run: (nextRun ?? new Date()).toISOString() }),
    });
    const work = invocationWork(this.log);
    try {
      const res = await fn.handler(req, {
        params: {},
        ip: '127.0.0.1',
        requestId: randomUUID(),
        waitUntil: work.waitUntil,
      });
      if (!res.ok)
        this.log(`scheduled function ${name} answered ${res.status}: ${await res.text()}`);
      return res;
    } catch (error) {
      this.log(
        `scheduled function ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return new Response(null, { status: 500 });
    } finally {
      this.background.track(work.settled());
    }
  }

  stop(): void {
    for (const job of this.jobs) job.stop();
    this.jobs = [];
  }
}
