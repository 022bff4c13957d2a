/**
 * What a visitor's request reports (a page view from the beacon, a download from the edge) is
 * counted after the answer: the answer never waits for the throttle or the write, and is never
 * read. Nothing is stored for visitors who ask not to be counted, for robots, or while counting is
 * off in the site settings; a client over the beacon throttle is refused after the answer too.
 */
import type { Hit } from '../../schemas/analytics';
import { API_SECURITY_HEADERS } from '../http/http';
import { afterResponse } from '../http/invocation';
import { assertBeaconAllowed } from '../auth/throttle';
import { countingOn } from '../content/settings-key';
import { storeHit } from '../visitors/analytics-hits';
import { notCounted } from '../visitors/analytics-visitor';

/**
 * Counts `hit` for `client` (the throttle's key, never stored) and answers 204 at once. A client
 * that takes a read to know (a signed download report) is worked out after the answer too.
 */
export function countVisit(
  req: Request,
  hit: Hit,
  client: string | (() => Promise<string>),
): Response {
  if (!notCounted(req))
    afterResponse(`count a ${hit.kind}`, async () => {
      if (!(await countingOn())) return;
      await assertBeaconAllowed(typeof client === 'string' ? client : await client());
      await storeHit(hit);
    });
  return new Response(null, {
    status: 204,
    headers: { ...API_SECURITY_HEADERS, 'Cache-Control': 'no-store' },
  });
}
