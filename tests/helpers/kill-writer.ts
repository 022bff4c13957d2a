import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs tests/helpers/collection-worker.ts on `ids` of `collection` in a process of its own and
 * kills it (SIGKILL) once it has had `acks` saves acknowledged, or when it ends by itself. Answers
 * every line it printed ("try", "ack", "made") and how many saves were acknowledged.
 */
export async function killWriterAfter(
  collection: 'publications' | 'events',
  ids: readonly string[],
  acks: number,
): Promise<{ lines: string[]; acked: number }> {
  const worker = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/helpers/collection-worker.ts', collection, ...ids],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const acked = () => out.split('\n').filter((l) => l.startsWith('ack ')).length;
  await new Promise<void>((resolve) => {
    worker.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (acked() >= acks) resolve();
    });
    void exited.then(() => resolve());
  });
  worker.kill('SIGKILL');
  await exited;
  return { lines: out.split('\n').filter(Boolean), acked: acked() };
}

/**
 * What a killed writer's lines say of each record: the last title acknowledged, the titles tried
 * after it (landed or not: a write cut short may or may not have reached the store), and the
 * records it made. A record's stored title must be one of the first two.
 */
export function writerLog(lines: readonly string[]) {
  const lastAck = new Map<string, string>();
  const triedAfter = new Map<string, string[]>();
  const created: string[] = [];
  for (const line of lines) {
    const [kind, id, title] = line.split(' ') as [string, string, string];
    if (kind === 'ack') {
      lastAck.set(id, title);
      triedAfter.set(id, []);
    } else if (kind === 'try') triedAfter.set(id, [...(triedAfter.get(id) ?? []), title]);
    else if (kind === 'made') created.push(id);
  }
  /** The titles `id` may now have in the store. */
  const allowed = (id: string) => [lastAck.get(id)!, ...(triedAfter.get(id) ?? [])];
  return { lastAck, allowed, created };
}
