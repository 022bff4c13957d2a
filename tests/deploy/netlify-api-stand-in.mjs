// Loaded into every process of the rehearsal build (NODE_OPTIONS=--import): Netlify's hosted API
// cannot be reached here, so calls to it go to the rehearsal's stand-in (a local Blobs API that
// behaves as Netlify's does for a build: reads allowed, site-wide writes refused).
const standIn = process.env.REHEARSAL_NETLIFY_API;
const original = globalThis.fetch;
if (standIn) {
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('https://api.netlify.com/')) return original(input, init);
    const moved = standIn + url.slice('https://api.netlify.com'.length);
    return original(
      typeof input === 'string' || input instanceof URL ? moved : new Request(moved, input),
      init,
    );
  };
}
