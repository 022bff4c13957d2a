import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { LocalBlobsServer } from '../../scripts/platform/blobs-server';

/**
 * One store on a local Blobs server of its own, over a fresh temporary folder: for tests of the
 * Blobs layer itself, without starting the platform. `close` stops the server and removes the folder.
 */
export async function startLocalStore(
  name: string,
): Promise<{ store: Store; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const server = new LocalBlobsServer({ directory: dir, token: `${name}-token` });
  const { port } = await server.start();
  const store = getStore({
    name,
    siteID: 'site',
    token: `${name}-token`,
    edgeURL: `http://127.0.0.1:${port}`,
  });
  return {
    store,
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
