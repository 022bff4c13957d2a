import type { AstroIntegration } from 'astro';
import { prepareSetupCode } from '../server/auth/setup-code';

/**
 * Prints the first-run setup code in the deploy log while the site has no user (and SETUP_CODE is
 * not set): the only place a brand-new site can show a secret to its owner and nobody else
 * (src/server/auth/setup-code.ts says why that is safe). A code that cannot be made is a warning,
 * not a failed build: the content still publishes, and SETUP_CODE still works.
 */
export default function setupCode(): AstroIntegration {
  return {
    name: 'setup-code',
    hooks: {
      'astro:build:done': async ({ logger }) => {
        try {
          const code = await prepareSetupCode();
          if (!code) return;
          const site = process.env.URL ?? 'your site';
          logger.info(
            `No admin yet. To create the first one, open ${site}/setup and enter this setup code: ${code}`,
          );
          logger.info(
            'The code works until the first admin exists; each deploy before then prints a new one.',
          );
        } catch (error) {
          logger.warn(
            `No setup code was made (${error instanceof Error ? error.message : String(error)}); set SETUP_CODE to create the first admin at /setup`,
          );
        }
      },
    },
  };
}
