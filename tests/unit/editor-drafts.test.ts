import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, writeDraft } from '../../src/components/editor/drafts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('drafts', () => {
  it('keeps one draft per field key until cleared', () => {
    writeDraft('settings.heroTitle', 'Typed', 'Stored');
    writeDraft('settings.heroSubtitle', 'Other', '');
    expect(readDraft('settings.heroTitle')).toMatchObject({ value: 'Typed', expected: 'Stored' });
    clearDraft('settings.heroTitle');
    expect(readDraft('settings.heroTitle')).toBeNull();
    expect(readDraft('settings.heroSubtitle')).toMatchObject({ value: 'Other' });
  });

  it('drops corrupt and week-old drafts', () => {
    storage.setItem('edit-draft:settings.heroTitle', '{not json');
    expect(readDraft('settings.heroTitle')).toBeNull();
    expect(storage.length).toBe(0);
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    writeDraft('settings.heroTitle', 'Old', '');
    vi.setSystemTime(new Date('2025-01-09T00:00:00Z'));
    expect(readDraft('settings.heroTitle')).toBeNull();
  });

  it('never throws when storage is unavailable', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(() => writeDraft('k', 'v', '')).not.toThrow();
    expect(readDraft('k')).toBeNull();
    expect(() => clearDraft('k')).not.toThrow();
  });
});
