import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runStages, type Stage } from './pipeline';

/** The names the local server answers on (it listens on 127.0.0.1 only). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];
/** Methods the platform hands to functions (each function's own 405 names those it takes). */
export const FUNCTION_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** The platform's one public port, on the loopback interface; `url` is the address it prints. */
export async function listenOnLoopback(port = 0): Promise<{ server: Server; url: string }> {
  // Node closes a keep-alive connection after 5 s idle; a client that sends its next request on it
  // in that same instant gets ECONNRESET (browser tests polling the site met it). Netlify's edge
  // keeps idle connections open far longer, so this one does too (headers timeout above it, as Node requires).
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** Hands every request to `stages` in order; an error in one becomes a 500, logged. */
export function answerWithStages(
  server: Server,
  url: string,
  stages: readonly Stage[],
  log: (line: string) => void,
): void {
  server.on('request', (req, res) => {
    runStages(stages, {
      req,
      res,
      url: new URL(req.url ?? '/', url),
      method: req.method ?? 'GET',
    }).catch((error) => {
      log(`request failed: ${String(error?.stack ?? error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  });
  // CONNECT (a proxy's tunnel request) never reaches 'request', and Node would just drop the
  // connection: answer it as a method nothing here takes.
  server.on('connect', (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${FUNCTION_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}

/**
 * The origin the visitor typed, as Netlify hands it to a function in `req.url`: this server
 * answers on 127.0.0.1 as well as localhost, so a page opened at either signs in (the Origin
 * check compares with it). Any other Host gets the printed URL, so that check stays strict.
 */
export function visitedOrigin(server: Server, url: string, req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  const port = (server.address() as AddressInfo).port;
  return LOOPBACK_NAMES.some((name) => host === `${name}:${port}`) ? `http://${host}` : url;
}
