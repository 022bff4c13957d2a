import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import LinkAction from './LinkAction';

const noChange = () => () => {};

type State = { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string };

/**
 * The unsubscribe page's two ways out. From an email's link (`?token=…`): one button, because mail
 * scanners fetch links and a fetch alone must never unsubscribe. Without a link: an address field
 * that emails a link, answered the same whether or not the address is subscribed.
 */
export default function NewsletterUnsubscribe() {
  // The pre-rendered page has no query string: the server renders the address form, the browser
  // switches to the button when the address holds a token.
  const hasToken = useSyncExternalStore(noChange, () => new URLSearchParams(window.location.search).has('token'), () => false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });

  async function ask(event: FormEvent) {
    event.preventDefault();
    setState({ status: 'sending' });
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/newsletter/unsubscribe-link', { email });
      setState({ status: 'done', message });
    } catch (failure) {
      setState({ status: 'failed', message: errorMessage(failure, 'That did not work. Please try again in a moment.') });
    }
  }

  if (hasToken) return <LinkAction endpoint="/api/newsletter/unsubscribe" label="Unsubscribe" busyLabel="Unsubscribing..." />;
  if (state.status === 'done') return <p role="status" className="font-medium text-brand-800">{state.message}</p>;
  return (
    <form onSubmit={(e) => void ask(e)} aria-label="Unsubscribe by address">
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
        className="mt-1 w-full rounded-lg border border-slate-300 px-4 py-3 text-ink focus:ring-2 focus:ring-brand-500 focus:outline-none"
      />
      <button
        type="submit"
        disabled={state.status === 'sending'}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {state.status === 'sending' ? 'Sending...' : 'Email me an unsubscribe link'}
      </button>
      {state.status === 'failed' && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {state.message}
        </p>
      )}
    </form>
  );
}
