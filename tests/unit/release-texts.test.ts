import { describe, expect, it } from 'vitest';
import type { ReleaseBundle } from '../../src/schemas/release-bundle';
import { dueTexts } from '../../src/server/workflows/release-bundles';

const bundle = (
  name: string,
  at: string,
  status: ReleaseBundle['status'],
  texts: ReleaseBundle['texts'],
): ReleaseBundle => ({
  id: '00000000-0000-4000-8000-000000000000',
  name,
  publishAt: at.slice(0, 16),
  timeZone: 'UTC',
  at,
  items: [],
  texts,
  status,
  createdAt: at,
  createdBy: 'riley',
  updatedAt: at,
  releasedAt: null,
  going: null,
  log: [],
});

describe('the texts a build lays over the settings', () => {
  const doc = {
    bundles: [
      bundle('Later', '2030-01-02T09:00:00.000Z', 'scheduled', {
        heroTitle: 'Later title',
        heroSubtitle: 'Later subtitle',
      }),
      bundle('Launch', '2030-01-01T09:00:00.000Z', 'scheduled', { heroTitle: 'Launch title' }),
      bundle('Dropped', '2029-12-31T09:00:00.000Z', 'cancelled', { aboutTitle: 'Never' }),
      bundle('Done', '2029-12-30T09:00:00.000Z', 'released', {
        teamTitle: 'Already in the settings',
      }),
    ],
  };

  it('are none before a release time: the live site is unchanged', () => {
    expect(dueTexts(doc, Date.parse('2030-01-01T08:59:59.999Z'))).toEqual({});
  });

  it('are a scheduled release’s from its time on, never a cancelled or finished one’s', () => {
    expect(dueTexts(doc, Date.parse('2030-01-01T09:00:00.000Z'))).toEqual({
      heroTitle: 'Launch title',
    });
  });

  it('take the later release’s wording when two are due', () => {
    expect(dueTexts(doc, Date.parse('2030-01-03T00:00:00.000Z'))).toEqual({
      heroTitle: 'Later title',
      heroSubtitle: 'Later subtitle',
    });
  });
});
