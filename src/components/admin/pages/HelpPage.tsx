import type { ReactNode } from 'react';
import AdminLink from '../AdminLink';
import PageHeader from '../PageHeader';
import { cx, ui } from '../../ui/styles';

/** One topic of the guide: a heading and a few short steps. */
function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`help-${id}`} className={cx(ui.card, 'p-5')}>
      <h2 id={`help-${id}`} className="text-base font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-sm leading-6 text-ink-muted [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
        {children}
      </div>
    </section>
  );
}

const link = 'font-medium text-brand-700 underline';

/**
 * The editor's guide: how the site is kept up to date, in the words of the people who do it.
 * Written for a comms team, not for developers; each topic points at the page where it happens.
 */
export default function HelpPage() {
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Help"
        description="How to keep the site up to date: a short guide for editors."
      />
      <Topic id="edit" title="Change a text where you see it">
        <ol>
          <li>
            Open the page on the public site while signed in and choose{' '}
            <strong>Edit this page</strong> (on the team page: <strong>Edit Page</strong>).
          </li>
          <li>
            Texts you can change are outlined. Click one, type, and press <strong>Enter</strong> to
            save (in longer texts, <strong>Ctrl+Enter</strong> or <strong>Cmd+Enter</strong>).{' '}
            <strong>Escape</strong> puts the text back as it was.
          </li>
        </ol>
        <p>
          Texts that do not appear on a page, such as the footer or the newsletter popup, are under{' '}
          <AdminLink page="site-settings" className={link}>
            Site settings
          </AdminLink>
          . Each one starts with the built-in wording, which you can change or reset.
        </p>
      </Topic>
      <Topic id="review" title="Changes that wait for a second person">
        <p>
          A <strong>contributor</strong> edits as you do, but each save becomes a proposal: the text
          shows <strong>Awaiting review</strong> to them, and nothing changes on the site. When an
          admin turns on the two-person rule, editors' saves wait too.
        </p>
        <ul>
          <li>
            In edit mode, a <strong>Proposed change</strong> badge sits beside each text with one:
            open it to <strong>Approve</strong> or <strong>Reject</strong> it there.
          </li>
          <li>
            Under{' '}
            <AdminLink page="proposals" className={link}>
              Proposals
            </AdminLink>
            , open one to compare each field with what is live, then approve it, send it back with a
            comment for its author to revise, or reject it. Nobody approves their own.
          </li>
          <li>
            A release does not go live while one of its items awaits review: it waits, and its
            author is told.
          </li>
        </ul>
      </Topic>
      <Topic id="publish" title="Publish: when do changes go live?">
        <p>
          Every save goes live by itself: the site is rebuilt, usually within a minute. The
          publishing badge says where your changes are: <strong>Changes queued</strong>,{' '}
          <strong>Publishing...</strong>, then <strong>Live</strong>. While you edit in place, a
          small note on the page says the same.
        </p>
        <p>
          If a rebuild fails, the badge says <strong>Publish failed</strong> and the site keeps
          showing the last good version; nothing you saved is lost. Choose{' '}
          <strong>Publish now</strong> on the{' '}
          <AdminLink page="index" className={link}>
            Dashboard
          </AdminLink>{' '}
          to try again.
        </p>
      </Topic>
      <Topic id="schedule" title="Schedule a publication or an event">
        <ol>
          <li>
            Open{' '}
            <AdminLink page="publications" className={link}>
              Publications
            </AdminLink>{' '}
            or{' '}
            <AdminLink page="events" className={link}>
              Events
            </AdminLink>{' '}
            and add or edit the item.
          </li>
          <li>
            Set <strong>Status</strong> to <strong>Scheduled</strong>, and choose{' '}
            <strong>Publish at</strong> and its time zone. A new item starts in the site’s time zone
            (Site settings); under the time, the admin shows the same moment on your own clock when
            you are elsewhere.
          </li>
          <li>
            Save. Until that time the item stays off the site; at that time it appears by itself.
            Upcoming releases are listed on the Dashboard.
          </li>
        </ol>
        <p>
          <strong>Draft</strong> keeps an item off the site until you change its status to{' '}
          <strong>Published</strong>.
        </p>
      </Topic>
      <Topic id="releases" title="Launch several things together: releases">
        <ol>
          <li>
            Open{' '}
            <AdminLink page="releases" className={link}>
              Releases
            </AdminLink>
            , name the release and choose the one time everything in it goes live.
          </li>
          <li>
            Open it and tick its drafts (a report, its event) and add text changes, such as a new
            home page headline. Each item is scheduled for the release’s time.
          </li>
          <li>
            Read its check: it lists what would stop it going live well (a missing PDF, an image
            without alt text, a failed last build).
          </li>
          <li>
            Move the time and every item moves with it; cancel it and its items go back to draft.
            Once the time has passed, the release and its items read <strong>Published</strong>.
          </li>
        </ol>
      </Topic>
      <Topic id="preview" title="Check before it is public">
        <p>
          Drafts and scheduled items are visible only here in the admin. Open the item to read every
          field as it will be published, and keep it as a draft until it is ready.
        </p>
        <p>
          To show one to someone without an account (a journalist under embargo), make a{' '}
          <AdminLink page="preview-links" className={link}>
            preview link
          </AdminLink>
          : choose the draft or scheduled item (or, in Releases, a whole release) and how many days
          the link works. Whoever has the link sees the page exactly as it will be published, with a
          preview band on top, its authors, topics and citation included; search engines never see
          it. The link is shown once: copy it then. The list shows who made each link and when it
          was last opened; <strong>Revoke</strong> stops a link at once. Once the item is public,
          the link leads to its public page.
        </p>
      </Topic>
      <Topic id="newsletter" title="Send a newsletter issue">
        <ol>
          <li>
            Open{' '}
            <AdminLink page="newsletter" className={link}>
              Newsletter
            </AdminLink>{' '}
            and choose <strong>New issue</strong>: a subject, a short introduction, the publications
            and events to show as cards, and the research areas it is for (none: every subscriber).
            Save the draft.
          </li>
          <li>
            <strong>Preview email</strong> shows it exactly as it will arrive, and how many people
            would get it now. <strong>Send test to me</strong> sends it to your own address (add one
            under My account first).
          </li>
          <li>
            <strong>Send now</strong>, or <strong>Schedule…</strong> for a time in the site&rsquo;s
            time zone; both ask first, naming the number of recipients. A schedule can be cancelled
            until it starts.
          </li>
        </ol>
        <p>
          While it sends, the list shows its progress; afterwards, how many it reached, and the
          bounces and complaints reported since. A sent issue cannot be changed. Editors write and
          test issues; admins send them, unless an admin lets editors send too.
        </p>
      </Topic>
      <Topic id="images" title="Images: the media library and focal points">
        <ul>
          <li>
            Every image you upload is kept once in{' '}
            <AdminLink page="media" className={link}>
              Media
            </AdminLink>
            , with its alt text, credit and licence. Each image field has{' '}
            <strong>Choose from library</strong>, so the same photo is never uploaded twice.
          </li>
          <li>
            Click or drag on a picture (or use the arrow keys) to set its{' '}
            <strong>focal point</strong>: every crop of it on the site keeps that spot in view.
          </li>
          <li>
            On the page in edit mode, <strong>Change image</strong> on a photo opens the same
            picker, and the home page&rsquo;s research areas, team and stats (and the team
            page&rsquo;s list) can be added to, reordered and removed from there, with an Undo for
            the last step. When your changes need review, they are sent for review instead and the
            page says so.
          </li>
          <li>
            An image can be deleted only when nothing shows it: its page in Media lists where it is
            used. <strong>Replace file everywhere</strong> swaps the picture in all those places.
          </li>
        </ul>
      </Topic>
      <Topic id="restore" title="Undo a change">
        <ol>
          <li>
            Open{' '}
            <AdminLink page="history" className={link}>
              History
            </AdminLink>
            : every change is listed with who made it and when.
          </li>
          <li>
            Open an entry to see what changed, and choose{' '}
            <strong>Restore the version before this change</strong>. The restore is itself a change,
            so it can be undone too. Changes to media, users, releases and messages are listed but
            not restored here: the entry says so, and you change them again where they are managed.
          </li>
        </ol>
      </Topic>
      <Topic id="people" title="Messages, testimonials and your account">
        <ul>
          <li>
            New testimonials wait for review under Testimonials; only approved ones are shown.
          </li>
          <li>Admins read contact messages and manage newsletter subscribers and users.</li>
          <li>
            Under{' '}
            <AdminLink page="account" className={link}>
              My account
            </AdminLink>{' '}
            you change your password and turn on two-factor sign-in. Please do.
          </li>
          <li>
            Add and confirm your email address there too: only then can &ldquo;Forgot your
            password?&rdquo; on the sign-in page send you a link.
          </li>
        </ul>
      </Topic>
    </div>
  );
}
