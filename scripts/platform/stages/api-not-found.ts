import type { Stage } from '../pipeline';

/** /api/ paths no function takes, and everything else under /.netlify/ (a wrong hook URL too): a JSON 404. */
export const apiNotFoundStage: Stage = {
  name: 'unknown API path',
  handle({ url, res }) {
    if (!url.pathname.startsWith('/.netlify/') && !url.pathname.startsWith('/api/')) return false;
    res.writeHead(404, {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(JSON.stringify({ message: 'No such API endpoint' }));
    return true;
  },
};
