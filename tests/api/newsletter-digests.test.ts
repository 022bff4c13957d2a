import { createHash } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';

// Digests: a scheduled publication or release going public prepares one issue for its topics,
// once, even when the check that makes it runs twice or is cut off half-way.
const t = useAdminSite();

describe('digests of releases', () => {
  it('a scheduled publication going public prepares one draft digest for its topics; auto-send schedules it, cancellable', async () => {
    const area = await t.admin.post('/api/research-areas', {
      title: 'Digest Safety',
      description: 'Research on digests.',
    });
    expect(area.status, area.text).toBe(201);
    const publishAt = new Date(Date.now() + 120_000).toISOString().slice(0, 16);
    const pub = await t.admin.post('/api/publications', {
      title: 'Digest Report',
      description: 'A report that goes public on schedule.',
      status: 'scheduled',
      publishAt,
      timeZone: 'UTC',
      topics: [area.json.id],
      image: '/images/digest-chart.jpg',
      imageAlt: 'A chart of the findings',
    });
    expect(pub.status, pub.text).toBe(201);
    await t.admin.put('/api/admin/newsletter-settings', {
      digestAutoSend: true,
      digestDelayMinutes: 30,
    });
    const { setClock } = await import('../helpers/clock');
    setClock(Date.parse(`${publishAt}:00Z`) + 60_000);
    const first = await (await t.site.platform.runScheduled('release-scheduled')).json();
    expect(first.digests).toBe(1);
    const blobs = await countBlobCalls();
    onTestFinished(() => blobs.close());
    const { result: again, calls } = await blobs.during(async () =>
      (await t.site.platform.runScheduled('release-scheduled')).json(),
    );
    expect(again.digests).toBe(0);
    // A digest made already costs its check no read of the records it is about.
    expect(calls.filter((c) => c.includes('-records/'))).toEqual([]);
    const rows = (await t.admin.get('/api/admin/newsletter-issues?pageSize=100')).json.items;
    const digests = rows.filter((r: { origin: string }) => r.origin === 'digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({
      subject: 'Digest Report',
      status: 'scheduled',
      topics: [area.json.slug ?? 'digest-safety'],
    });
    const issue = (await t.admin.get(`/api/admin/newsletter-issues/${digests[0].id}`)).json;
    expect(issue.items).toEqual([{ collection: 'publications', id: pub.json.id }]);
    const preview = (await t.admin.get(`/api/admin/newsletter-issues/${issue.id}/preview`)).json;
    expect(preview.html).toContain('Digest Report');
    expect(preview.html).toContain(`${t.site.url}/publications/digest-report`);
    // The card's image comes through this site's image CDN, with its alt text for images-off readers.
    expect(preview.html).toContain(
      `src="${t.site.url}/.netlify/images?url=%2Fimages%2Fdigest-chart.jpg&amp;w=1120" alt="A chart of the findings"`,
    );
    const addresses = [...preview.html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    for (const a of addresses) expect(new URL(a.replace(/&amp;/g, '&')).origin, a).toBe(t.site.url);
    expect(preview.text).toContain('[A chart of the findings]');
    const cancelled = await t.admin.post(`/api/admin/newsletter-issues/${issue.id}/cancel`);
    expect(cancelled.json.status).toBe('draft');
    // Deleted, it stays deleted: the check that looks back a day, every minute, does not make it
    // again (nor, with auto-send on, schedule it to go out).
    expect((await t.admin.delete(`/api/admin/newsletter-issues/${issue.id}`)).status).toBe(204);
    const later = await (await t.site.platform.runScheduled('release-scheduled')).json();
    expect(later.digests).toBe(0);
    expect((await t.admin.get(`/api/admin/newsletter-issues/${issue.id}`)).status).toBe(404);
    await t.admin.put('/api/admin/newsletter-settings', { digestAutoSend: false });
  });

  it('a check cut off between a digest and its list row: the next run lists it, made scheduled in the write that made it', async () => {
    const publishAt = new Date(Date.now() + 120_000).toISOString().slice(0, 16);
    const pub = await t.admin.post('/api/publications', {
      title: 'Cut Off Report',
      description: 'Its digest is made by a check that dies half-way.',
      status: 'scheduled',
      publishAt,
      timeZone: 'UTC',
    });
    expect(pub.status, pub.text).toBe(201);
    await t.admin.put('/api/admin/newsletter-settings', {
      digestAutoSend: true,
      digestDelayMinutes: 30,
    });
    onTestFinished(async () => {
      await t.admin.put('/api/admin/newsletter-settings', { digestAutoSend: false });
    });
    const { setClock } = await import('../helpers/clock');
    const ran = Date.parse(`${publishAt}:00Z`) + 60_000;
    setClock(ran);
    const blobs = await countBlobCalls();
    onTestFinished(() => blobs.close());
    // The issue is written; the write of the list's row fails, as a function killed there would.
    blobs.refuseWrite = (call) => /^PUT .*issue-index/.test(call);
    const cut = await t.site.platform.runScheduled('release-scheduled');
    expect((await cut.json()).digests).toBe(0);
    blobs.refuseWrite = null;
    const listed = async () =>
      (await t.admin.get('/api/admin/newsletter-issues?pageSize=100')).json.items.filter(
        (r: { subject: string }) => r.subject === 'Cut Off Report',
      );
    expect(await listed()).toEqual([]);
    const id = `digest-${createHash('sha256').update(`publications:${pub.json.id}`).digest('hex').slice(0, 32)}`;
    expect((await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json).toMatchObject({
      subject: 'Cut Off Report',
      status: 'scheduled',
    });
    const next = await (await t.site.platform.runScheduled('release-scheduled')).json();
    expect(next.digests).toBe(0);
    const [row, ...more] = await listed();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id,
      origin: 'digest',
      status: 'scheduled',
      scheduledAt: new Date(ran + 30 * 60_000).toISOString(),
    });
    // Listed, it is what the send check finds: cancelled here, so nothing goes out.
    const cancelled = await t.admin.post(`/api/admin/newsletter-issues/${row.id}/cancel`);
    expect(cancelled.json.status).toBe('draft');
  });
});
