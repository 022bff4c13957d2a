import CopyButton from '../../../ui/CopyButton';
import { cx, ui } from '../../../ui/styles';
import { formatWhen } from '../../format-time';

/** A sign-in link made for someone: an invitation, or a new one after a password reset. */
export interface Link {
  username: string;
  url: string;
  expiresAt: string;
  /** Where the link was emailed, if anywhere. */
  emailedTo: string | null;
}

/** What the server answers when it makes a link (invite, password reset). */
export interface LinkAnswer {
  invitePath: string;
  expiresAt: string;
  emailedTo: string | null;
}

/** The link of an answer, as a full address on this site. */
export const toLink = (username: string, answer: LinkAnswer): Link => ({
  username,
  url: new URL(answer.invitePath, window.location.origin).href,
  expiresAt: answer.expiresAt,
  emailedTo: answer.emailedTo,
});

/** A link to pass on: shown once, since only its hash is stored; also the fallback when it was emailed. */
export default function InviteLink({ link }: { link: Link }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="font-medium text-ink">
        {link.emailedTo
          ? `We emailed this link to ${link.emailedTo}; if it does not arrive, send it to ${link.username} yourself.`
          : `Send this link to ${link.username}.`}{' '}
        It works once, until {formatWhen(link.expiresAt)}, and is shown only now.
      </p>
      <div className="mt-2 flex gap-2">
        <input
          readOnly
          value={link.url}
          aria-label={`Invitation link for ${link.username}`}
          className={cx(ui.input, 'font-mono text-xs')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={link.url} copied="Link copied" />
      </div>
    </div>
  );
}
