import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, CONTRIBUTOR, useAdminSite, VIEWER, type Client } from '../helpers/admin-site';

/**
 * Every route, called by a signed-out visitor, a contributor, an editor and an admin. Calls that
 * are let through carry bodies or ids that change nothing (400/404/415), so the matrix is harmless.
 * - public: anyone; signed-in: any role (401 signed out); edit: editing, where a contributor's
 *   save becomes a proposal (every role); editor: content (editors and admins; 403 for
 *   contributors, saying why); admin: personal data and users (403 for editors and contributors);
 *   webhook: a provider's shared secret, no session (401 for everyone without it).
 */
type Access = 'public' | 'signed-in' | 'edit' | 'editor' | 'admin' | 'webhook';
type Row = [
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  access: Access,
  body?: unknown,
];

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const COLLECTIONS = ['research-areas', 'team-members', 'publications', 'stats', 'events'];

const ROWS: Row[] = [
  ['POST', '/api/auth/login', 'public', {}],
  ['GET', '/api/auth/me', 'signed-in'],
  ['GET', '/api/account/notifications', 'signed-in'],
  ['PUT', '/api/account/notifications', 'signed-in', {}],
  ['GET', '/api/auth/invitations/not-a-token', 'public'],
  ['POST', '/api/auth/invitations/not-a-token/accept', 'public', {}],
  ['POST', '/api/account/password', 'signed-in', {}],
  ['POST', '/api/account/sign-out-everywhere', 'signed-in', 'form'],
  ['POST', '/api/account/two-factor/setup', 'signed-in', 'form'],
  ['POST', '/api/account/two-factor/confirm', 'signed-in', {}],
  ['GET', '/api/account/email', 'signed-in'],
  ['POST', '/api/account/email', 'signed-in', {}],
  ['POST', '/api/auth/forgot-password', 'public', {}],
  ['POST', '/api/auth/verify-email', 'public', {}],
  // The first-run door: closed (404) once users exist, and recovery is off without RECOVERY_CODE.
  ['GET', '/api/setup', 'public'],
  ['POST', '/api/setup', 'public', {}],
  ['GET', '/api/setup/recover', 'public'],
  ['POST', '/api/setup/recover', 'public', {}],
  ['POST', '/api/contact', 'public', {}],
  ['POST', '/api/newsletter', 'public', {}],
  ['POST', '/api/newsletter/confirm', 'public', {}],
  ['POST', '/api/newsletter/unsubscribe', 'public', {}],
  ['POST', '/api/newsletter/unsubscribe-link', 'public', {}],
  ['GET', '/api/newsletter/preferences?token=x', 'public'],
  ['POST', '/api/newsletter/preferences', 'public', {}],
  ['GET', '/api/testimonials', 'public'],
  ['GET', '/api/testimonials/featured', 'public'],
  ['POST', '/api/testimonials', 'public', {}],
  ['POST', '/api/upload/testimonial-photo', 'public', {}],
  ['GET', '/api/uploads/nope', 'public'],
  ['POST', '/api/fetch-linkedin-image', 'public', {}],
  ['GET', '/api/site-settings', 'public'],
  ['PATCH', '/api/site-settings', 'edit', {}],
  ...COLLECTIONS.flatMap((name): Row[] => [
    ['GET', `/api/${name}`, 'public'],
    ['GET', `/api/${name}/nope`, 'public'],
    ['POST', `/api/${name}`, 'edit', {}],
    ['PATCH', `/api/${name}/nope`, 'edit', { title: 'x' }],
    ['DELETE', `/api/${name}/nope`, 'edit'],
    ['PUT', `/api/${name}/order`, 'editor', {}],
  ]),
  ['GET', '/api/events/all', 'edit'],
  ['GET', '/api/publications/all', 'edit'],
  ['GET', '/api/publications/all/nope', 'edit'],
  ['GET', '/api/events/all/nope', 'edit'],
  ['GET', '/api/events/featured', 'public'],
  ['GET', '/api/events/upcoming', 'public'],
  ['GET', '/api/admin/summary', 'editor'],
  ['GET', '/api/admin/publish', 'editor'],
  ['POST', '/api/admin/publish', 'editor', 'form'],
  ['POST', '/api/admin/upload', 'edit', {}],
  ['POST', '/api/admin/upload-pdf', 'edit', {}],
  ['GET', '/api/admin/media', 'edit'],
  ['POST', '/api/admin/media', 'edit', {}],
  ['POST', '/api/admin/media/migrate', 'editor'],
  ['GET', '/api/admin/media/nope', 'edit'],
  ['PATCH', '/api/admin/media/nope', 'editor', { alt: 'x' }],
  ['DELETE', '/api/admin/media/nope', 'editor'],
  ['GET', '/api/admin/media/nope/uses', 'editor'],
  ['PUT', '/api/admin/media/nope/file', 'editor', {}],
  ['POST', '/api/admin/pdf-uploads', 'edit', {}],
  ['GET', '/api/admin/pdf-uploads/nope', 'edit'],
  ['PUT', '/api/admin/pdf-uploads/nope/parts/0', 'edit', {}],
  ['GET', '/api/admin/pdf-uploads/nope/parts/0', 'edit'],
  ['POST', '/api/admin/pdf-uploads/nope/complete', 'edit'],
  ['POST', '/api/admin/data-uploads', 'edit', {}],
  ['GET', '/api/admin/data-uploads/nope', 'edit'],
  ['PUT', '/api/admin/data-uploads/nope/parts/0', 'edit', {}],
  ['POST', '/api/admin/data-uploads/nope/complete', 'edit'],
  ['GET', '/api/admin/releases', 'editor'],
  ['POST', '/api/admin/releases', 'editor', {}],
  ['GET', '/api/admin/releases/nope', 'editor'],
  ['PATCH', '/api/admin/releases/nope', 'editor', { name: 'Nothing' }],
  ['POST', '/api/admin/releases/nope/cancel', 'editor'],
  ['POST', '/api/admin/releases/nope/preview-link', 'editor', {}],
  ['GET', '/api/admin/preview-links', 'editor'],
  ['POST', '/api/admin/preview-links', 'editor', { kind: 'event', id: 'nope' }],
  ['DELETE', '/api/admin/preview-links/nope', 'editor'],
  ['POST', '/api/admin/markdown-preview', 'edit', {}],
  ['GET', '/api/admin/history', 'editor'],
  ['POST', '/api/admin/history/nope/restore', 'editor'],
  ['GET', '/api/admin/testimonials', 'editor'],
  ['PATCH', '/api/admin/testimonials/nope', 'editor', { approved: true }],
  ['DELETE', '/api/admin/testimonials/nope', 'editor'],
  ['GET', '/api/admin/contact-forms', 'admin'],
  ['GET', '/api/admin/contact-forms/nope', 'admin'],
  ['PATCH', '/api/admin/contact-forms/nope', 'admin', { read: true }],
  ['DELETE', '/api/admin/contact-forms/nope', 'admin'],
  ['GET', '/api/admin/subscriptions', 'admin'],
  ['POST', '/api/admin/exports', 'admin', {}],
  ['GET', '/api/admin/exports/nope', 'admin'],
  ['GET', '/api/admin/exports/nope/parts/1', 'admin'],
  ['GET', '/api/admin/subscriptions/last-export', 'admin'],
  ['DELETE', '/api/admin/subscriptions/nope', 'admin'],
  ['GET', '/api/admin/mail', 'admin'],
  ['POST', '/api/admin/mail/nope/retry', 'admin', 'form'],
  ['DELETE', '/api/admin/mail/nope', 'admin'],
  ['GET', '/api/admin/notifications', 'admin'],
  ['PUT', '/api/admin/notifications', 'admin', {}],
  ['GET', '/api/admin/privacy/person?email=someone%40example.org', 'admin'],
  ['GET', '/api/admin/privacy/audit', 'admin'],
  ['POST', '/api/admin/privacy/erase', 'admin', { email: 'someone@example.org' }],
  ['GET', '/api/admin/users', 'admin'],
  ['POST', '/api/admin/users', 'admin', {}],
  ['PATCH', '/api/admin/users/nobody', 'admin', { role: 'editor' }],
  ['DELETE', '/api/admin/users/nobody', 'admin'],
  ['POST', '/api/admin/users/nobody/reset-password', 'admin'],
  ['POST', '/api/admin/users/nobody/reset-two-factor', 'admin'],
  ['GET', '/api/admin/users/nobody/activity', 'admin'],
  ['PUT', '/api/admin/auth-policy', 'admin', {}],
  ['GET', '/api/admin/newsletter-issues', 'editor'],
  ['POST', '/api/admin/newsletter-issues', 'editor', {}],
  ['GET', '/api/admin/newsletter-issues/nope', 'editor'],
  ['PATCH', '/api/admin/newsletter-issues/nope', 'editor', { subject: 'x' }],
  ['DELETE', '/api/admin/newsletter-issues/nope', 'editor'],
  ['GET', '/api/admin/newsletter-issues/nope/preview', 'editor'],
  ['POST', '/api/admin/newsletter-issues/nope/test', 'editor'],
  ['POST', '/api/admin/newsletter-issues/nope/cancel', 'editor'],
  ['GET', '/api/admin/newsletter-issues/nope/unknown', 'admin'],
  // Sending mails every subscriber: admins only, unless an admin lets editors.
  ['POST', '/api/admin/newsletter-issues/nope/send', 'admin'],
  ['GET', '/api/admin/newsletter-settings', 'editor'],
  ['PUT', '/api/admin/newsletter-settings', 'admin', {}],
  ['POST', '/api/newsletter/bounces', 'webhook', {}],
  ['GET', '/api/admin/proposals', 'edit'],
  ['GET', '/api/admin/proposals/nope', 'edit'],
  ['GET', '/api/admin/proposals/open', 'edit'],
  ['PATCH', '/api/admin/proposals/nope', 'edit', { title: 'x' }],
  ['POST', '/api/admin/proposals/nope/withdraw', 'edit'],
  ['POST', '/api/admin/proposals/nope/approve', 'editor'],
  ['POST', '/api/admin/proposals/nope/request-changes', 'editor', { comment: 'x' }],
  ['DELETE', '/api/admin/proposals/nope', 'editor'],
  ['POST', '/api/admin/proposals/nope/preview-link', 'editor', {}],
  ['GET', '/api/admin/review-policy', 'edit'],
  ['PUT', '/api/admin/review-policy', 'admin', {}],
  // A visit beacon: anyone (a path that is not a page is a 400).
  ['POST', '/api/hit', 'public', {}],
  // A download the edge reports: anyone, as a beacon (a path that is not a file is a 400).
  ['POST', '/api/hit/file', 'public', {}],
  ['GET', '/api/admin/analytics', 'editor'],
  ['GET', '/api/admin/analytics/publications/latest', 'editor'],
  ['GET', '/api/admin/analytics/publications/nope', 'editor'],
  // The background sender takes nothing from its caller: with nothing sending it does nothing.
  ['POST', '/api/newsletter/send-run', 'public'],
  // So does the export runner: it only carries on a job an admin started.
  ['POST', '/api/exports/run', 'public', { id: 'nope' }],
  // Last: logging out ends the caller's sessions.
  ['POST', '/api/auth/logout', 'public'],
];

const t = useAdminSite({ users: { admin: ADMIN, viewer: VIEWER, contributor: CONTRIBUTOR } });

function call(c: Client, [method, p, , body]: Row) {
  if (body === 'form') return method === 'POST' ? c.post(p, 'a=1', FORM) : c.put(p, 'a=1', FORM);
  if (method === 'GET') return c.get(p);
  if (method === 'DELETE') return c.delete(p);
  return method === 'POST'
    ? c.post(p, body)
    : method === 'PATCH'
      ? c.patch(p, body)
      : c.put(p, body);
}

type Who = 'visitor' | 'contributor' | 'editor' | 'admin';
const expected = (access: Access, who: Who): 'through' | 401 | 403 => {
  if (access === 'public') return 'through';
  if (access === 'webhook') return 401;
  if (who === 'visitor') return 401;
  if (who === 'contributor') return access === 'editor' || access === 'admin' ? 403 : 'through';
  return access === 'admin' && who === 'editor' ? 403 : 'through';
};

describe('role × endpoint matrix', () => {
  it('covers every route that a function declares', async () => {
    const dir = path.resolve(__dirname, '../../netlify/functions');
    const declared = new Set<string>();
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
      const { config } = await import(path.join(dir, file));
      for (const p of [config?.path ?? []].flat() as string[])
        if (p.startsWith('/api/')) declared.add(p);
    }
    const toPattern = (p: string) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`);
    const uncovered = [...declared].filter(
      (p) => !ROWS.some(([, rowPath]) => toPattern(p).test(rowPath)),
    );
    expect(uncovered).toEqual([]);
  });

  it.each(ROWS)('%s %s (%s)', async (...row) => {
    for (const [who, c] of [
      ['visitor', t.anon],
      ['contributor', t.contributor],
      ['editor', t.viewer],
      ['admin', t.admin],
    ] as const) {
      const res = await call(c, row);
      const want = expected(row[2], who);
      const what = `${who}: ${row[0]} ${row[1]} → ${res.status} ${res.text.slice(0, 120)}`;
      if (want === 'through') {
        expect([401, 403], what).not.toContain(res.status);
        expect(res.status, what).toBeLessThan(500);
      } else {
        expect(res.status, what).toBe(want);
        expect(typeof res.json?.message, what).toBe('string');
        // A contributor is told that their role cannot do this, not merely refused.
        if (who === 'contributor' && want === 403)
          expect(res.json.message, what).toMatch(/^Contributors cannot /);
      }
    }
  });
});
