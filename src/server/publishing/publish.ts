import { z } from 'zod';
import type { PublishState } from '../../schemas/publish-state';
import { skippedRecordSchema, type SkippedRecord } from './publish-report';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

export type { PublishState };

// Publish state is written by the code that calls the build hook and by Netlify's deploy event
// functions (deploy-building, deploy-succeeded, deploy-failed), never by the build itself: a
// Netlify build may read site-wide stores but not write them.

const publishDocSchema = z.object({
  lastChangeAt: z.number().default(0),
  hookCalledAt: z.number().default(0),
  buildStartedAt: z.number().default(0),
  builtAt: z.number().default(0),
  buildDurationMs: z.number().default(0),
  lastError: z.string().default(''),
  lastErrorAt: z.number().default(0),
  /** What the last successful build left out (see publish-report.ts). */
  skipped: z.array(skippedRecordSchema).default([]),
});
type PublishDoc = z.infer<typeof publishDocSchema>;
const KEY = 'publish-state';

const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);
// A hook call with no build started after this long is assumed lost: the next save sends it
// again, and until then admins see it as failed rather than "queued" forever.
export const HOOK_STALE_MS = 10 * 60 * 1000;
const LOST_HOOK = 'No build started after the last change. Save again or press Publish to retry.';

function derive(doc: PublishDoc, now = Date.now()): PublishState {
  let state: PublishState['state'] = 'live';
  let lastError = doc.lastErrorAt > doc.builtAt ? doc.lastError : null;
  if (doc.buildStartedAt > doc.builtAt && doc.buildStartedAt > doc.lastErrorAt) state = 'building';
  // A failure newer than every change is the news, even if the failed build could not record its start.
  else if (doc.lastErrorAt > doc.builtAt && doc.lastErrorAt >= doc.lastChangeAt) state = 'failed';
  else if (doc.lastChangeAt > doc.buildStartedAt) {
    state = 'queued';
    if (now - doc.hookCalledAt >= HOOK_STALE_MS) {
      state = 'failed';
      lastError = LOST_HOOK;
    }
  }
  return {
    state,
    lastChangeAt: iso(doc.lastChangeAt),
    lastBuildAt: iso(doc.builtAt),
    lastBuildDurationMs: doc.buildDurationMs || null,
    lastError,
    skipped: doc.skipped,
  };
}

const update = (mutate: (d: PublishDoc) => PublishDoc) =>
  updateJSON(openStore(STORES.system), KEY, publishDocSchema, () => ({}), mutate);

/** Current publish state. */
export async function getPublishState(): Promise<PublishState> {
  const found = await readJSON(openStore(STORES.system), KEY, publishDocSchema);
  return derive(found?.value ?? publishDocSchema.parse({}));
}

/**
 * Records a content change and asks for a rebuild through BUILD_HOOK_URL, unless a build is
 * already queued and not yet started (that build will read this change): a burst of saves
 * makes one build, plus at most one for changes that land while it runs. A save after a
 * finished (or failed) build always calls the hook, because that build started before it.
 */
export async function requestRebuild(force = false): Promise<PublishState> {
  let callHook = false;
  const doc = await update((d) => {
    const now = Date.now();
    // A failure after the hook call means that build is over: the next change must call again.
    const queued =
      d.hookCalledAt > d.buildStartedAt &&
      d.hookCalledAt > d.lastErrorAt &&
      now - d.hookCalledAt < HOOK_STALE_MS;
    callHook = force || !queued;
    return { ...d, lastChangeAt: now, hookCalledAt: callHook ? now : d.hookCalledAt };
  });
  if (callHook) await callBuildHook();
  return derive(doc);
}

async function callBuildHook(): Promise<void> {
  const url = process.env.BUILD_HOOK_URL;
  if (!url) {
    await markBuildFailed(
      'BUILD_HOOK_URL is not set: changes are saved but the site is not rebuilt.',
    );
    return;
  }
  try {
    const res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`the build hook answered ${res.status}`);
  } catch (error) {
    await markBuildFailed(
      `Could not start a rebuild: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** deploy-building: a build has started; it reads every change made before now. */
export const markBuildStarted = () => update((d) => ({ ...d, buildStartedAt: Date.now() }));

/**
 * deploy-succeeded: the new pages are live, less the records the build had to leave out. The
 * duration is from its start, as recorded.
 */
export const markBuildDone = (skipped: SkippedRecord[] = []) =>
  update((d) => {
    const now = Date.now();
    const startedAt = d.buildStartedAt > d.builtAt ? d.buildStartedAt : now;
    return { ...d, builtAt: now, buildDurationMs: now - startedAt, skipped };
  });

/** deploy-failed (or a failed hook call): the last good build keeps serving; the next save retries. */
export const markBuildFailed = (message: string) =>
  update((d) => ({ ...d, lastError: message.slice(0, 2000), lastErrorAt: Date.now() }));
