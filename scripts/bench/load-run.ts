// The load `npm run bench` puts on the site, on loopback: a static page, two CDN-cached functions
// and a function that writes, each printed as it is measured.
import { runLoad, type LoadFigures } from './load';

/** Each endpoint's load figures, and a cached function's throughput over the static page's. */
export async function loadRuns(
  url: string,
): Promise<{ load: LoadFigures[]; functionToStatic: number }> {
  let n = 0;
  const load: LoadFigures[] = [
    await runLoad('GET / (static)', `${url}/`),
    await runLoad(
      'GET /api/events (CDN-cached function: hits after the first call)',
      `${url}/api/events`,
    ),
    await runLoad(
      'GET /api/site-settings (CDN-cached function: hits after the first call)',
      `${url}/api/site-settings`,
    ),
    await runLoad('POST /api/newsletter (function, unique emails)', `${url}/api/newsletter`, {
      method: 'POST',
      body: () => JSON.stringify({ email: `bench-${Date.now()}-${n++}@example.org` }),
    }),
  ];
  for (const l of load)
    console.log(
      `  ${l.name}: ${l.requestsPerSec} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, errors ${l.errors}, non-2xx ${l.non2xx}`,
    );
  const functionToStatic = Number(
    (load[1]!.requestsPerSec / Math.max(1, load[0]!.requestsPerSec)).toFixed(3),
  );
  return { load, functionToStatic };
}
