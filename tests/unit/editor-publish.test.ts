import { afterEach, describe, expect, it, vi } from 'vitest';
import { $editorPublish, noteSaved, stopPublishWatch, watchPublish } from '../../src/stores/editor-publish';

function serve(states: string[]) {
  const fetchMock = vi.fn(async () => {
    const state = states.shift() ?? 'live';
    const body = { state, lastBuildAt: '2025-01-01T10:00:00.000Z', lastError: state === 'failed' ? 'Build broke' : null };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  stopPublishWatch();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('editor publish pill', () => {
  it('shows Saved, polls every 2 s while queued or building, and stops once live', async () => {
    vi.useFakeTimers();
    const fetchMock = serve(['live', 'queued', 'building', 'live']);
    watchPublish();
    await vi.advanceTimersByTimeAsync(0);
    expect($editorPublish.get()).toEqual({ phase: 'live', lastBuildAt: '2025-01-01T10:00:00.000Z' });

    noteSaved();
    expect($editorPublish.get()).toEqual({ phase: 'saved' });
    await vi.advanceTimersByTimeAsync(800);
    expect($editorPublish.get()).toEqual({ phase: 'publishing' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect($editorPublish.get()).toMatchObject({ phase: 'live' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('shows the build error, and ignores an answer that predates a newer save', async () => {
    vi.useFakeTimers();
    serve(['building', 'failed']);
    watchPublish();
    noteSaved(); // the first poll's answer ('building') is now out of date
    await vi.advanceTimersByTimeAsync(0);
    expect($editorPublish.get()).toEqual({ phase: 'saved' });
    await vi.advanceTimersByTimeAsync(800);
    expect($editorPublish.get()).toEqual({ phase: 'failed', error: 'Build broke' });
  });

  it('keeps Saved when the publish state cannot be read', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"nope"}', { status: 403 })));
    watchPublish();
    noteSaved();
    await vi.advanceTimersByTimeAsync(5000);
    expect($editorPublish.get()).toEqual({ phase: 'saved' });
  });
});
