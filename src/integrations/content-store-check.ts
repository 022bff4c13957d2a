import type { AstroIntegration } from 'astro';

/**
 * Stops a build that has no way to read the content, with a message that says why, instead of
 * failing later inside a page. On Netlify the context comes from the content-store build plugin
 * (netlify/plugins/content-store, declared in netlify.toml); locally `npm start` runs that plugin.
 * The build only reads: publish state is recorded by the deploy event functions.
 */
export default function contentStoreCheck(): AstroIntegration {
  return {
    name: 'content-store-check',
    hooks: {
      'astro:build:start': () => {
        if (!process.env.NETLIFY_BLOBS_CONTEXT) {
          throw new Error(
            'No Netlify Blobs context reached the build, so the content cannot be read. On Netlify, declare the ' +
              'content-store plugin in netlify.toml ([[plugins]] package = "./netlify/plugins/content-store"); ' +
              'locally, build through `npm start`, which runs that plugin.',
          );
        }
      },
    },
  };
}
