import { useEffect, useState } from 'react';
import { fetchQuery } from '../../../lib/api';
import { FOUNDER_ID } from '../../../schemas/founder-id';
import type { ResearchArea } from '../../../schemas/research-area';

/** Someone an author or speaker can be picked as, or a topic to file under. */
export interface Option {
  id: string;
  label: string;
  /** A research area's URL slug (what newsletter topics are chosen by). */
  slug?: string;
}

export interface LibraryOptions {
  people: Option[];
  topics: Option[];
}

// Shared by the fields of one form (authors and topics load together); a form opened a minute
// later loads again, so a member or area added meanwhile is offered.
let loading: Promise<LibraryOptions> | null = null;
let loadedAt = 0;
const FRESH_MS = 60_000;

async function load(): Promise<LibraryOptions> {
  const [members, settings, areas] = await Promise.all([
    fetchQuery<{ id: string; name: string }[]>('/api/team-members'),
    fetchQuery<{ founderName?: string }>('/api/site-settings'),
    fetchQuery<Pick<ResearchArea, 'id' | 'title' | 'slug'>[]>('/api/research-areas'),
  ]);
  const founder = settings.founderName?.trim();
  return {
    people: [
      ...(founder ? [{ id: FOUNDER_ID, label: `${founder} (founder)` }] : []),
      ...members.map((m) => ({ id: m.id, label: m.name })),
    ],
    topics: areas.map((a) => ({ id: a.id, label: a.title, slug: a.slug })),
  };
}

/**
 * The people and research areas the admin picks from, or null while loading. A failed load is
 * forgotten, so the next form tries again; `error` says it failed meanwhile.
 */
export function useLibraryOptions(): { options: LibraryOptions | null; error: boolean } {
  const [options, setOptions] = useState<LibraryOptions | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    if (!loading || Date.now() - loadedAt > FRESH_MS) {
      loading = load();
      loadedAt = Date.now();
    }
    loading.then(
      (o) => live && setOptions(o),
      () => {
        loading = null;
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { options, error };
}
