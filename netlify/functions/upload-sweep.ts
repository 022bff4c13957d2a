// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// deletes the parts of PDF uploads never completed a day after they began, so they stop taking
// storage and counting against the upload quota, and the chunks of the publications and events
// indexes that a write dying mid-change left unnamed.
import { events, publications } from '../../src/server/content/collections';
import { sweepAbandonedPdfUploads } from '../../src/server/content/pdf-upload-sweep';

export default async (): Promise<Response> => {
  const [pdf, ...chunks] = await Promise.all([
    sweepAbandonedPdfUploads(),
    publications.sweepIndex(),
    events.sweepIndex(),
  ]);
  const result = { ...pdf, indexChunks: chunks[0]! + chunks[1]! };
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '41 * * * *' };
