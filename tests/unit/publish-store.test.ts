import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $publish, $publishPill, noteChanged } from '../../src/stores/publish';

function serve(states: string[]) {
  const fetchMock = vi.fn(async () => {
    const state = states.shift() ?? 'live';
    const body = {
      state,
      lastBuildAt: '2025-01-01T10:00:00.000Z',
      lastError: state === 'failed' ? 'Build broke' : null,
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// Showing the pill is what starts the one poller.
let stopWatching = () => {};
const watchPublish = () => {
  stopWatching = $publishPill.listen(() => {});
};

afterEach(() => {
  stopWatching();
  cleanStores($publish, $publishPill);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('publish store and the editor pill', () => {
  it('shows Saved, polls every 2 s while queued or building, and stops once live', async () => {
    vi.useFakeTimers();
    const fetchMock = serve(['live', 'queued', 'building', 'live']);
    watchPublish();
    await vi.advanceTimersByTimeAsync(0);
    expect($publishPill.get()).toEqual({ phase: 'live', lastBuildAt: '2025-01-01T10:00:00.000Z' });

    noteChanged();
    expect($publishPill.get()).toEqual({ phase: 'saved' });
    await vi.advanceTimersByTimeAsync(800);
    expect($publishPill.get()).toEqual({ phase: 'publishing' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect($publishPill.get()).toMatchObject({ phase: 'live' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('shows the build error, and ignores an answer that predates a newer save', async () => {
    vi.useFakeTimers();
    serve(['building', 'failed']);
    watchPublish();
    noteChanged(); // the first poll's answer ('building') is now out of date
    await vi.advanceTimersByTimeAsync(0);
    expect($publishPill.get()).toEqual({ phase: 'saved' });
    await vi.advanceTimersByTimeAsync(800);
    expect($publishPill.get()).toEqual({ phase: 'failed', error: 'Build broke' });
  });

  it('keeps Saved when the publish state cannot be read', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"nope"}', { status: 403 })),
    );
    watchPublish();
    noteChanged();
    await vi.advanceTimersByTimeAsync(5000);
    expect($publishPill.get()).toEqual({ phase: 'saved' });
  });
});

describe('admin publish state', () => {
  it('polls every 10 s after a failed build until a new build goes live', async () => {
    vi.useFakeTimers();
    const fetchMock = serve(['failed', 'failed', 'building', 'live']);
    watchPublish();
    await vi.advanceTimersByTimeAsync(0);
    expect($publish.get()?.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(9999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect($publish.get()?.state).toBe('building');
    await vi.advanceTimersByTimeAsync(2000);
    expect($publishPill.get()).toMatchObject({ phase: 'live' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
