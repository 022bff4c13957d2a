// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// deletes the parts of PDF uploads never completed a day after they began, so they stop taking
// storage and counting against the upload quota, and the chunks of the publications and events
// indexes that a write dying mid-change left unnamed, and the answers kept for a retried POST
// (workflows/answer-once.ts) once they are an hour old.
import { events, publications } from '../../src/server/content/collections';
import { sweepAbandonedPdfUploads } from '../../src/server/content/pdf-upload-sweep';
import { sweepAnswers } from '../../src/server/workflows/answer-once';

export default async (): Promise<Response> => {
  const [pdf, answers, ...chunks] = await Promise.all([
    sweepAbandonedPdfUploads(),
    sweepAnswers(),
    publications.sweepIndex(),
    events.sweepIndex(),
  ]);
  const result = { ...pdf, answers, indexChunks: chunks[0]! + chunks[1]! };
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '41 * * * *' };
