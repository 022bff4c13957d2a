import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLinkedInImageFetcher,
  extractOgImage,
  parseProfileUrl,
} from '../../src/server/content/linkedin-image';
import {
  createSafeFetch,
  isPublicAddress,
  type FetchedResponse,
  type PinnedFetchFn,
} from '../../src/server/outbound/safe-fetch';
import { client, startTestSite, type TestSite } from '../helpers/platform';

const PUBLIC_IP = '13.107.42.14';
const PHOTO =
  'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/1?e=1&amp;v=beta&amp;t=abc';
const page = (meta: string) =>
  `<!doctype html><html><head><title>Jane</title>${meta}</head><body>profile</body></html>`;

/** Fake DNS and network: every call is recorded, nothing leaves the process. */
function fakes(dns: Record<string, string[]>, answers: Record<string, () => FetchedResponse>) {
  const lookups: string[] = [];
  const requests: { url: string; address: string }[] = [];
  const lookup = async (host: string) => {
    lookups.push(host);
    const found = dns[host];
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const fetch: PinnedFetchFn = async (url, init) => {
    requests.push({ url: url.href, address: init.address });
    const answer = answers[url.href];
    if (!answer) throw new Error(`unexpected request to ${url.href}`);
    return answer();
  };
  return { lookup, fetch, lookups, requests };
}

const html = (body: string, status = 200): FetchedResponse =>
  new Response(body, { status, headers: { 'content-type': 'text/html' } });
const redirect = (location: string, status = 302): FetchedResponse => ({
  status,
  headers: new Headers({ location }),
  body: null,
});

describe('address checks', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.0.0.5', false],
    ['172.16.3.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.5', false],
    ['::ffff:127.0.0.1', false],
    ['64:ff9b::a00:5', false],
    ['not-an-ip', false],
    [PUBLIC_IP, true],
    ['2620:1ec:21::14', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('LinkedIn image fetch (fake DNS and network)', () => {
  const PROFILE = 'https://www.linkedin.com/in/jane-doe';

  it('returns the og:image on the media host', async () => {
    const f = fakes(
      { 'www.linkedin.com': [PUBLIC_IP] },
      { [PROFILE]: () => html(page(`<meta content="${PHOTO}" property="og:image">`)) },
    );
    const image = await createLinkedInImageFetcher(f)(PROFILE);
    expect(image).toBe(
      'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_800_800/0/1?e=1&v=beta&t=abc',
    );
    expect(f.requests).toEqual([{ url: PROFILE, address: PUBLIC_IP }]);
  });

  it.each([
    ['a loopback address', 'https://127.0.0.1/in/jane'],
    ['localhost', 'https://localhost/in/jane'],
    ['an IPv6 loopback', 'https://[::1]/in/jane'],
    ['a non-LinkedIn host', 'https://example.com/in/jane'],
    ['a look-alike host', 'https://linkedin.com.evil.example/in/jane'],
    ['plain http', 'http://www.linkedin.com/in/jane'],
    ['another port', 'https://www.linkedin.com:8443/in/jane'],
    ['credentials', 'https://user:pw@www.linkedin.com/in/jane'],
    ['not a profile', 'https://www.linkedin.com/company/acme'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s with 400 before any lookup or request', async (_label, url) => {
    const f = fakes({}, {});
    await expect(createLinkedInImageFetcher(f)(url)).rejects.toMatchObject({ status: 400 });
    expect(f.lookups).toEqual([]);
    expect(f.requests).toEqual([]);
  });

  it('refuses a LinkedIn name that resolves to a private address (10.0.0.5), with no request', async () => {
    const f = fakes({ 'www.linkedin.com': ['10.0.0.5'] }, {});
    await expect(createLinkedInImageFetcher(f)(PROFILE)).rejects.toMatchObject({ status: 502 });
    expect(f.lookups).toEqual(['www.linkedin.com']);
    expect(f.requests).toEqual([]);
  });

  it('refuses a name with one public and one loopback address', async () => {
    const f = fakes({ 'uk.linkedin.com': [PUBLIC_IP, '127.0.0.1'] }, {});
    await expect(
      createLinkedInImageFetcher(f)('https://uk.linkedin.com/in/jane'),
    ).rejects.toMatchObject({ status: 502 });
    expect(f.requests).toEqual([]);
  });

  it('refuses a redirect to a LinkedIn name on a private address, without requesting it', async () => {
    const f = fakes(
      { 'www.linkedin.com': [PUBLIC_IP], 'internal.linkedin.com': ['192.168.1.10'] },
      { [PROFILE]: () => redirect('https://internal.linkedin.com/in/jane-doe') },
    );
    await expect(createLinkedInImageFetcher(f)(PROFILE)).rejects.toMatchObject({
      status: 502,
      message: 'LinkedIn pointed to an address we do not fetch from',
    });
    expect(f.requests.map((r) => r.address)).toEqual([PUBLIC_IP]);
    expect(f.lookups).toEqual(['www.linkedin.com', 'internal.linkedin.com']);
  });

  it.each([
    ['another host', 'https://evil.example/in/jane'],
    ['an IP literal', 'https://169.254.169.254/latest/meta-data'],
    ['plain http', 'http://www.linkedin.com/in/jane-doe'],
  ])('refuses a redirect to %s without requesting it', async (_label, location) => {
    const f = fakes(
      { 'www.linkedin.com': [PUBLIC_IP], 'evil.example': [PUBLIC_IP] },
      { [PROFILE]: () => redirect(location, 301) },
    );
    await expect(createLinkedInImageFetcher(f)(PROFILE)).rejects.toMatchObject({ status: 502 });
    expect(f.requests).toHaveLength(1);
  });

  it('follows up to 3 redirects on LinkedIn hosts, then gives up', async () => {
    const hop = (n: number) => `https://www.linkedin.com/in/jane-doe?hop=${n}`;
    const dns = { 'www.linkedin.com': [PUBLIC_IP] };
    const ok = fakes(dns, {
      [PROFILE]: () => redirect(hop(1)),
      [hop(1)]: () => redirect(hop(2), 307),
      [hop(2)]: () => redirect('/in/jane-doe?hop=3', 308),
      [hop(3)]: () => html(page(`<meta property='og:image' content='${PHOTO}'>`)),
    });
    expect(await createLinkedInImageFetcher(ok)(PROFILE)).toMatch(/^https:\/\/media\.licdn\.com\//);
    expect(ok.requests).toHaveLength(4);
    const tooMany = fakes(dns, {
      [PROFILE]: () => redirect(hop(1)),
      [hop(1)]: () => redirect(hop(2)),
      [hop(2)]: () => redirect(hop(3)),
      [hop(3)]: () => redirect(hop(4)),
    });
    await expect(createLinkedInImageFetcher(tooMany)(PROFILE)).rejects.toMatchObject({
      status: 502,
    });
    expect(tooMany.requests).toHaveLength(4);
  });

  it('answers 404 "Could not find a profile image" for a non-200 answer, no og:image, or an image off the media host', async () => {
    const cases: FetchedResponse[] = [
      { status: 999, headers: new Headers(), body: null },
      html('nope', 404),
      html(page('<meta property="og:title" content="Jane">')),
      html(page('<meta property="og:image" content="https://evil.example/x.png">')),
      html(page('<meta property="og:image" content="http://media.licdn.com/x.png">')),
      html(page('<meta property="og:image" content="javascript:alert(1)">')),
    ];
    for (const answer of cases) {
      const f = fakes({ 'www.linkedin.com': [PUBLIC_IP] }, { [PROFILE]: () => answer });
      await expect(createLinkedInImageFetcher(f)(PROFILE)).rejects.toMatchObject({
        status: 404,
        message: 'Could not find a profile image',
      });
    }
  });

  it('answers 502 when LinkedIn cannot be reached or DNS fails', async () => {
    const down = fakes({ 'www.linkedin.com': [PUBLIC_IP] }, {});
    await expect(createLinkedInImageFetcher(down)(PROFILE)).rejects.toMatchObject({
      status: 502,
      message: 'Could not reach LinkedIn',
    });
    const noDns = fakes({}, {});
    await expect(createLinkedInImageFetcher(noDns)(PROFILE)).rejects.toMatchObject({ status: 502 });
  });

  it('times out a hanging answer', async () => {
    const lookup = async () => [{ address: PUBLIC_IP, family: 4 }];
    const fetch: PinnedFetchFn = (_url, { signal }) =>
      new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const get = createSafeFetch({ allowHost: () => true, lookup, fetch, timeoutMs: 100 });
    await expect(get('https://www.linkedin.com/in/x')).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('reads at most the size cap of a body', async () => {
    const lookup = async () => [{ address: PUBLIC_IP, family: 4 }];
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const get = createSafeFetch({
      allowHost: () => true,
      lookup,
      fetch: async () => ({ status: 200, headers: new Headers(), body: endless }),
      maxBytes: 1024 * 1024,
    });
    const res = await get('https://www.linkedin.com/in/x');
    expect(res.body.byteLength).toBe(1024 * 1024);
    expect(pulled).toBeLessThan(40);
  });

  it('parses og:image in any attribute order and quoting, and profile addresses typed without a scheme', () => {
    expect(
      extractOgImage(`<META CONTENT="https://media.licdn.com/a.jpg" PROPERTY="og:image"/>`),
    ).toBe('https://media.licdn.com/a.jpg');
    expect(extractOgImage(`<meta name=og:image content=https://media.licdn.com/b.jpg>`)).toBe(
      'https://media.licdn.com/b.jpg',
    );
    expect(extractOgImage('<meta property="og:title" content="x">')).toBeNull();
    expect(parseProfileUrl('www.linkedin.com/in/jane').href).toBe(
      'https://www.linkedin.com/in/jane',
    );
  });
});

describe('POST /api/fetch-linkedin-image', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  it.each([
    ['http://www.linkedin.com/in/jane', 'The LinkedIn address must start with https://'],
    ['https://example.com/in/jane', 'Only linkedin.com profile addresses can be used'],
    ['https://127.0.0.1/in/jane', 'Only linkedin.com profile addresses can be used'],
    [
      'https://www.linkedin.com/feed/',
      'The address must be a LinkedIn profile (https://www.linkedin.com/in/your-name)',
    ],
    ['javascript:alert(1)', 'The LinkedIn address must start with https://'],
  ])('answers 400 to %s', async (profileUrl, message) => {
    const res = await client(site.url).post('/api/fetch-linkedin-image', { profileUrl });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, fields: { profileUrl: message } });
  });

  it('answers 400 to a missing address and to malformed JSON', async () => {
    expect((await client(site.url).post('/api/fetch-linkedin-image', {})).status).toBe(400);
    expect(
      (await client(site.url).post('/api/fetch-linkedin-image', '{"profileUrl":')).status,
    ).toBe(400);
  });
});
