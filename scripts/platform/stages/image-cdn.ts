import type { LocalImageCdn } from '../image-cdn';
import type { Stage } from '../pipeline';

/** Netlify Image CDN: GET/HEAD /.netlify/images resizes and converts an image of the live build. */
export function imageCdnStage(images: LocalImageCdn): Stage {
  return {
    name: 'image CDN',
    async handle({ req, res, url, method }) {
      if (url.pathname !== '/.netlify/images' || (method !== 'GET' && method !== 'HEAD'))
        return false;
      await images.serve(req, res, url);
      return true;
    },
  };
}
