/**
 * The pages' Content-Security-Policy lets images load from this site only (the image CDN is
 * /.netlify/images on the same origin), plus the two hosts the spec names: the video service's
 * thumbnails and LinkedIn's profile photos. The privacy notice says images are served from our
 * own site, so any other host is refused by the browser, not just by the renderer.
 */
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';

const directive = (name: string) => {
  const csp = config.security?.csp;
  const directives = typeof csp === 'object' ? (csp.directives ?? []) : [];
  return directives.find((d) => d.startsWith(`${name} `));
};

describe('img-src', () => {
  it("is 'self', data: (the QR code) and the thumbnail and LinkedIn photo hosts only", () => {
    expect(directive('img-src')).toBe(
      "img-src 'self' data: https://img.youtube.com https://*.licdn.com",
    );
  });
});
