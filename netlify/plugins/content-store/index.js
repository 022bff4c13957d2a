// Hands the build command read access to the site's content in Netlify Blobs.
//
// Netlify gives a Blobs context (NETLIFY_BLOBS_CONTEXT) to build plugins only; the build command
// gets none, so `astro build` could not read the content it pre-renders. A plugin may set
// environment variables for the steps after it through `netlifyConfig.build.environment`, so this
// passes its own context on. The context is the build's: it may read site-wide stores, and
// Netlify refuses its writes to them, so the build stays read-only. No personal access token is
// involved.
// Open Graph images drawn by earlier builds (src/server/workflows/og-images.ts), kept in Netlify's build cache.
const OG_CACHE = 'node_modules/.astro/og-images';
// Report bodies rendered by earlier builds (src/server/content/report-body-cache.ts), by content hash.
const BODY_CACHE = 'node_modules/.astro/report-bodies';
// PDFs joined from their uploaded parts by earlier builds (src/server/content/pdf-deploy.ts).
const PDF_CACHE = 'node_modules/.astro/pdfs';
// Pages and files rendered by earlier builds (src/integrations/page-cache.ts), by content hash.
const PAGE_CACHE = 'node_modules/.astro/pages';
// Records read by earlier builds (src/server/workflows/build-record-cache.ts), by the version their index row names.
const RECORD_CACHE = 'node_modules/.astro/records';

export const onPreBuild = async ({ netlifyConfig, utils }) => {
  const context = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!context) {
    return utils.build.failBuild(
      'The content-store plugin received no Netlify Blobs context, so the build cannot read the site content. ' +
        'Netlify provides one to build plugins on every build (the CLI only with a linked site and an access token).',
    );
  }
  netlifyConfig.build.environment.NETLIFY_BLOBS_CONTEXT = context;
  await utils.cache?.restore(OG_CACHE);
  await utils.cache?.restore(BODY_CACHE);
  await utils.cache?.restore(PDF_CACHE);
  await utils.cache?.restore(PAGE_CACHE);
  await utils.cache?.restore(RECORD_CACHE);
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache?.save(OG_CACHE);
  await utils.cache?.save(BODY_CACHE);
  await utils.cache?.save(PDF_CACHE);
  await utils.cache?.save(PAGE_CACHE);
  await utils.cache?.save(RECORD_CACHE);
};
