// Playwright cannot download its browsers here, so the browser tests and the bench drive Debian's
// packages. Browser tests use the headless shell (`chromium-headless-shell`): the same Blink and
// V8 as Chromium, without the full browser's window and compositing layers. It is what Playwright
// itself runs for headless tests, and it costs markedly less CPU per test page, which is most of
// the browser suite's time on two cores (figure in docs/testing.md). Lighthouse measures pages in the full browser, as
// visitors see them.
import { existsSync } from 'node:fs';

const PACKAGES = { tests: 'chromium-headless-shell', bench: 'chromium' } as const;

/** The browser binary for a use: `CHROMIUM_PATH` when set, else Debian's package for that use. */
export function chromiumFor(use: keyof typeof PACKAGES): string {
  return process.env.CHROMIUM_PATH || `/usr/bin/${PACKAGES[use]}`;
}

/** Throws, saying how to install it, when the binary for a use is missing. */
export function requireChromium(use: keyof typeof PACKAGES): string {
  const binary = chromiumFor(use);
  if (!existsSync(binary)) {
    throw new Error(
      `Chromium not found at ${binary}. Install it with: apt-get install -y ${PACKAGES[use]} (or set CHROMIUM_PATH).`,
    );
  }
  return binary;
}
