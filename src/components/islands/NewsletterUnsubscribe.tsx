import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { apiRequest } from '../../lib/api';
import Button from '../ui/Button';
import { ui } from '../ui/styles';
import { useAction } from '../ui/use-action';
import LinkAction from './LinkAction';

const noChange = () => () => {};

/**
 * The unsubscribe page's two ways out. From an email's link (`?token=…`): one button, because mail
 * scanners fetch links and a fetch alone must never unsubscribe. Without a link: an address field
 * that emails a link, answered the same whether or not the address is subscribed.
 */
export default function NewsletterUnsubscribe() {
  // The pre-rendered page has no query string: the server renders the address form, the browser
  // switches to the button when the address holds a token.
  const hasToken = useSyncExternalStore(
    noChange,
    () => new URLSearchParams(window.location.search).has('token'),
    () => false,
  );
  const [email, setEmail] = useState('');
  const [done, setDone] = useState('');
  const action = useAction({ fallback: 'That did not work. Please try again in a moment.' });

  function ask(event: FormEvent) {
    event.preventDefault();
    void action.run(async () =>
      setDone(
        (
          await apiRequest<{ message: string }>('POST', '/api/newsletter/unsubscribe-link', {
            email,
          })
        ).message,
      ),
    );
  }

  if (hasToken)
    return (
      <LinkAction
        endpoint="/api/newsletter/unsubscribe"
        label="Unsubscribe"
        busyLabel="Unsubscribing..."
      />
    );
  if (done)
    return (
      <p role="status" className="font-medium text-brand-800">
        {done}
      </p>
    );
  return (
    <form onSubmit={ask} aria-label="Unsubscribe by address">
      <label htmlFor="unsubscribe-email" className="block text-sm font-medium text-ink">
        Email address
      </label>
      <input
        id="unsubscribe-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={`${ui.siteInput} mt-1`}
      />
      <Button
        type="submit"
        look="site"
        className="mt-4"
        busy={action.pending}
        busyLabel="Sending..."
      >
        Email me an unsubscribe link
      </Button>
      {action.error && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {action.error}
        </p>
      )}
    </form>
  );
}
