import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDeployStore } from '@netlify/blobs';
import type { AstroIntegration } from 'astro';
import { PREVIEW_RENDER_DIR, previewPageKey } from '../schemas/preview-link';

/**
 * Moves the pages rendered for private previews out of the build output into this deploy's own
 * Blobs store: a deploy (and every old deploy's permalink) would serve anything left in the
 * output to anyone, while the deploy store is read only by this deploy's preview function,
 * which checks the link first. Builds may write deploy stores (never the site's). The folder is
 * removed whatever happens; if the store cannot take the pages, previews answer "not ready"
 * until the next build, and the site still publishes.
 */
export default function previewPages(): AstroIntegration {
  return {
    name: 'preview-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = path.join(fileURLToPath(dir), PREVIEW_RENDER_DIR);
        const pages: { key: string; file: string }[] = [];
        for (const kind of await readdir(root).catch(() => [])) {
          for (const id of await readdir(path.join(root, kind)))
            pages.push({
              key: previewPageKey(kind, id),
              file: path.join(root, kind, id, 'index.html'),
            });
        }
        try {
          if (pages.length) {
            const store = getDeployStore();
            for (const { key, file } of pages) await store.set(key, await readFile(file, 'utf8'));
            logger.info(
              `${pages.length} preview page${pages.length === 1 ? '' : 's'} kept in the deploy store`,
            );
          }
        } catch (error) {
          logger.warn(
            `Preview pages could not be stored (${error instanceof Error ? error.message : String(error)}); previews wait for the next build`,
          );
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      },
    },
  };
}
