/**
 * The Newsletter admin page's pure parts: how a send's progress and counts read, who may send, and
 * that the preview frame can run nothing the message carries.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import IssuePreviewPane from '../../src/components/admin/pages/newsletter/IssuePreviewPane';
import IssueProgress from '../../src/components/admin/pages/newsletter/IssueProgress';
import { whyNoSend } from '../../src/components/admin/pages/newsletter/send-permission';

const counts = { recipients: 5, sent: 2, failed: 1, unknown: 1, skipped: 0 };
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  parse(renderToStaticMarkup(element));

describe('a send’s progress and counts', () => {
  it('while sending: a bar of every handled recipient, sent, failed, unknown or skipped', () => {
    const page = html(createElement(IssueProgress, { issue: { status: 'sending', counts } }));
    const bar = page.querySelector('progress')!;
    expect(bar.getAttribute('value')).toBe('4');
    expect(bar.getAttribute('max')).toBe('5');
    expect(page.text).toContain(
      '4 of 5 recipients · 2 sent, 1 failed, 1 unknown (interrupted, not resent)',
    );
  });

  it('never past full, and not divided by nothing before the audience is fixed', () => {
    const over = { recipients: 2, sent: 2, failed: 0, unknown: 0, skipped: 1 };
    const page = html(createElement(IssueProgress, { issue: { status: 'sending', counts: over } }));
    expect(page.querySelector('progress')!.getAttribute('value')).toBe('2');
    const none = { recipients: 0, sent: 0, failed: 0, unknown: 0, skipped: 0 };
    const early = html(
      createElement(IssueProgress, { issue: { status: 'sending', counts: none } }),
    );
    expect(early.querySelector('progress')!.getAttribute('max')).toBe('1');
  });

  it('once sent: the counts, with bounces and complaints when the issue carries them', () => {
    const sent = { status: 'sent' as const, counts: { ...counts, failed: 0, unknown: 0, sent: 5 } };
    expect(html(createElement(IssueProgress, { issue: sent })).text).toBe('5 recipients: 5 sent');
    const bounced = { ...sent, bounces: { hard: 1, complaints: 0 } };
    expect(html(createElement(IssueProgress, { issue: bounced })).text).toBe(
      '5 recipients: 5 sent · 1 bounce, 0 complaints',
    );
  });

  it('drafts and scheduled issues show nothing', () => {
    for (const status of ['draft', 'scheduled'] as const)
      expect(
        renderToStaticMarkup(createElement(IssueProgress, { issue: { status, counts } })),
      ).toBe('');
  });
});

describe('who may send', () => {
  it('admins always; editors only when allowed, told why otherwise', () => {
    expect(whyNoSend('admin', false)).toBe('');
    expect(whyNoSend('editor', true)).toBe('');
    expect(whyNoSend('editor', false)).toMatch(/^Only admins send/);
  });
});

describe('the preview', () => {
  it('puts the message in a frame sandboxed without exceptions, as srcdoc', () => {
    const message = '<p>Hi</p><script>alert(1)</script>';
    const page = html(
      createElement(IssuePreviewPane, {
        preview: { subject: 'S', html: message, text: 'Hi', recipients: 1 },
      }),
    );
    const frame = page.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(message);
    expect(page.querySelector('[data-testid="issue-recipients"]')!.text).toContain(
      '1 recipient if it were sent now',
    );
  });
});
