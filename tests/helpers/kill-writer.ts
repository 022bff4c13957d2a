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
