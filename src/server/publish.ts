import { z } from 'zod';
import { blobCall, openStore, readJSON, STORES, updateJSON } from './store';

const publishDocSchema = z.object({
  lastChangeAt: z.number().default(0),
  hookCalledAt: z.number().default(0),
  buildStartedAt: z.number().default(0),
  builtAt: z.number().default(0),
  buildDurationMs: z.number().default(0),
  lastError: z.string().default(''),
  lastErrorAt: z.number().default(0),
});
type PublishDoc = z.infer<typeof publishDocSchema>;
const KEY = 'publish-state';

/** What admins see: queued (a change waits for a build), building, live or failed. */
export interface PublishState {
  state: 'live' | 'queued' | 'building' | 'failed';
  lastChangeAt: string | null;
  lastBuildAt: string | null;
  lastBuildDurationMs: number | null;
  lastError: string | null;
}

const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);
// A hook call with no build started after this long is assumed lost and is sent again.
const HOOK_STALE_MS = 10 * 60 * 1000;

function derive(doc: PublishDoc): PublishState {
  let state: PublishState['state'] = 'live';
  if (doc.buildStartedAt > doc.builtAt && doc.buildStartedAt > doc.lastErrorAt) state = 'building';
  // A failure newer than every change is the news, even if the failed build could not record its start.
  else if (doc.lastErrorAt > doc.builtAt && doc.lastErrorAt >= doc.lastChangeAt) state = 'failed';
  else if (doc.lastChangeAt > doc.buildStartedAt) state = 'queued';
  return {
    state,
    lastChangeAt: iso(doc.lastChangeAt),
    lastBuildAt: iso(doc.builtAt),
    lastBuildDurationMs: doc.buildDurationMs || null,
    lastError: doc.lastErrorAt > doc.builtAt ? doc.lastError : null,
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
 * makes one build, plus at most one for changes that land while it runs.
 */
export async function requestRebuild(force = false): Promise<PublishState> {
  let callHook = false;
  const doc = await update((d) => {
    const now = Date.now();
    // A failure after the hook call means that build is over: the next change must call again.
    const queued = d.hookCalledAt > d.buildStartedAt && d.hookCalledAt > d.lastErrorAt && now - d.hookCalledAt < HOOK_STALE_MS;
    callHook = force || !queued;
    return { ...d, lastChangeAt: now, hookCalledAt: callHook ? now : d.hookCalledAt };
  });
  if (callHook) await callBuildHook();
  return derive(doc);
}

async function callBuildHook(): Promise<void> {
  const url = process.env.BUILD_HOOK_URL;
  if (!url) {
    await markBuildFailed('BUILD_HOOK_URL is not set: changes are saved but the site is not rebuilt.');
    return;
  }
  try {
    const res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`the build hook answered ${res.status}`);
  } catch (error) {
    await markBuildFailed(`Could not start a rebuild: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Called by the build when it starts. */
export const markBuildStarted = () => update((d) => ({ ...d, buildStartedAt: Date.now() }));

/** Called by the build when it has written the new pages. */
export const markBuildDone = (startedAt: number) =>
  update((d) => ({ ...d, builtAt: Date.now(), buildDurationMs: Date.now() - startedAt }));

/** Records a failed build or hook call; the last good build keeps serving. */
export const markBuildFailed = (message: string) =>
  update((d) => ({ ...d, lastError: message.slice(0, 2000), lastErrorAt: Date.now() }));

/** True when the store is reachable (used by the build to decide whether to record state). */
export async function storeReachable(): Promise<boolean> {
  try {
    await blobCall('ping', () => openStore(STORES.system).getMetadata(KEY));
    return true;
  } catch {
    return false;
  }
}
