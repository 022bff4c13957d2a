import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';

type State = { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string };

interface Props {
  /** Where the token from the address goes, as `{ token }`. */
  endpoint: string;
  /** The one button the visitor presses. */
  label: string;
  busyLabel: string;
}

/**
 * A page reached from a link in an email (`?token=…`) that acts only when the visitor presses its
 * button: mail scanners fetch links to check them, and a fetch alone must never act.
 */
export default function LinkAction({ endpoint, label, busyLabel }: Props) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const token = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '');

  async function act() {
    setState({ status: 'sending' });
    try {
      const { message } = await apiRequest<{ message: string }>('POST', endpoint, { token });
      setState({ status: 'done', message });
    } catch (failure) {
      setState({ status: 'failed', message: errorMessage(failure, 'That did not work. Please try again in a moment.') });
    }
  }

  if (!token) return <p role="alert" className="text-red-800">This page needs the link from your email: open it from there.</p>;
  if (state.status === 'done') return <p role="status" className="font-medium text-brand-800" data-link-action-done>{state.message}</p>;
  return (
    <div>
      <button
        type="button"
        onClick={() => void act()}
        disabled={state.status === 'sending'}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {state.status === 'sending' ? busyLabel : label}
      </button>
      {state.status === 'failed' && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {state.message}
        </p>
      )}
    </div>
  );
}
