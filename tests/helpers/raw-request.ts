import http from 'node:http';

/**
 * One request on its own connection (no keep-alive pool). Used for bodies the server refuses
 * before reading them (413/415): the local platform does not drain such a body, so a pooled
 * connection reused afterwards would break the next, unrelated request.
 */
export function rawRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Uint8Array | string;
    localAddress?: string;
  },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; json: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? 'POST',
        headers: { Connection: 'close', ...opts.headers },
        agent: false,
        localAddress: opts.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is sent: that is the expected refusal.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(opts.body);
  });
}
