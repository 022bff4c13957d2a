// GET /api/uploads/:key -> the uploaded image or PDF bytes with their type (a PDF under its file name); cached for a year (keys are content hashes)
import { HttpError } from '../../src/server/http/errors';
import { API_SECURITY_HEADERS, route } from '../../src/server/http/http';
import { readImage, uploadCacheTag } from '../../src/server/content/uploads';

export default route({
  async GET(req, ctx) {
    const key = ctx.params.key ?? '';
    const image = await readImage(key);
    if (!image) throw new HttpError(404, 'Image not found');
    const headers: Record<string, string> = {
      ...API_SECURITY_HEADERS,
      // An upload never runs anything: no script, no plugin, no sniffing it into HTML.
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${key.split('.')[0]}"`,
      // Any CDN copy carries this tag, so an erased person's photo is purged with it.
      'Netlify-Cache-Tag': uploadCacheTag(key),
    };
    // A PDF downloads under the name it was uploaded with (ASCII-safe by construction); as an
    // attachment it never renders inside this origin, whatever it contains.
    if (image.fileName) headers['Content-Disposition'] = `attachment; filename="${image.fileName}"`;
    if (req.headers.get('if-none-match') === headers.ETag)
      return new Response(null, { status: 304, headers });
    return new Response(image.bytes, { headers });
  },
});

export const config = { path: '/api/uploads/:key' };
