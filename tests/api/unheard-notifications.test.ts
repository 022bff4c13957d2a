/**
 * The dashboard says when a kind of notification reaches nobody: only confirmed addresses receive
 * them, so a team where nobody confirmed one hears of nothing.
 */
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { linkIn, newestMailTo } from '../helpers/mail';

const t = useAdminSite();
const kinds = async (who: 'admin' | 'viewer') =>
  ((await t[who].get('/api/admin/summary')).json.unheardNotifications as { kind: string }[]).map(
    (u) => u.kind,
  );

describe('notifications nobody receives', () => {
  it('names every kind while nobody has a confirmed address, each only to roles that receive it', async () => {
    expect(await kinds('admin')).toEqual([
      'contact',
      'testimonial',
      'build-failed',
      'release-at-risk',
      'proposal',
      'proposal-outcome',
    ]);
    // Editors never receive contact messages: they are not told about them.
    expect(await kinds('viewer')).toEqual([
      'testimonial',
      'build-failed',
      'release-at-risk',
      'proposal',
      'proposal-outcome',
    ]);
    const summary = (await t.admin.get('/api/admin/summary')).json;
    expect(summary.unheardNotifications[0]).toEqual({
      kind: 'contact',
      topic: 'new contact messages',
    });
  });

  it('clears once the admin confirms an address, and names a kind again when its only recipient turns it off', async () => {
    expect((await t.admin.post('/api/account/email', { email: 'boss@example.org' })).status).toBe(
      200,
    );
    // Asked for but not confirmed: still nobody.
    expect(await kinds('admin')).toContain('contact');
    const token = linkIn(
      await newestMailTo(t.site, 'boss@example.org'),
      '/verify-email',
    ).searchParams.get('token');
    expect((await t.anon.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect(await kinds('admin')).toEqual([]);
    expect(await kinds('viewer')).toEqual([]);
    expect(
      (await t.admin.put('/api/account/notifications', { 'build-failed': false })).status,
    ).toBe(200);
    expect(await kinds('viewer')).toEqual(['build-failed']);
  });
});
