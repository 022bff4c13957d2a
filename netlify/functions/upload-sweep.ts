// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// deletes the parts of PDF uploads never completed a day after they began, so they stop taking
// storage and counting against the upload quota.
import { sweepAbandonedPdfUploads } from '../../src/server/content/pdf-upload-sweep';

export default async (): Promise<Response> => {
  const result = await sweepAbandonedPdfUploads();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '41 * * * *' };
