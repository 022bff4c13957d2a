/** Scholarly identifiers over the API: a person's ORCID iD (checked) and a report's series number. */
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';

const t = useAdminSite();

describe('scholarly identifiers', () => {
  it("stores a person's ORCID iD bare, and refuses a wrong check digit with a clear 400", async () => {
    const person = { name: 'Lena Fischer', position: 'Fellow' };
    const ok = await t.admin.post('/api/team-members', {
      ...person,
      orcid: 'https://orcid.org/0000-0002-1825-0097',
    });
    expect(ok.status).toBe(201);
    expect(ok.json.orcid).toBe('0000-0002-1825-0097');

    const wrong = await t.admin.post('/api/team-members', {
      ...person,
      orcid: '0000-0002-1825-0098',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('ORCID iD 0000-0002-1825-0098 has a wrong check digit');
  });

  it("round-trips a publication's series and number, Crossref's length at most", async () => {
    const res = await t.admin.post('/api/publications', {
      title: 'Series report',
      description: 'A report',
      series: 'Meridian Policy Reports',
      seriesNumber: '3',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ series: 'Meridian Policy Reports', seriesNumber: '3' });

    // Crossref takes report numbers of at most 32 characters.
    const long = await t.admin.patch(`/api/publications/${res.json.id}`, {
      seriesNumber: 'x'.repeat(33),
    });
    expect(long.status).toBe(400);
    expect(long.json.fields.seriesNumber).toBe('Must be at most 32 characters');
  });
});
