import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import Button from '../ui/Button';
import { useAction } from '../ui/use-action';

interface Props {
  /** Where the token from the address goes, as `{ token }`. */
  endpoint: string;
  /** The one button the visitor presses. */
  label: string;
  busyLabel: string;
  /** Called once the action succeeded (its message is then shown). */
  onDone?: () => void;
}

/**
 * A page reached from a link in an email (`?token=…`) that acts only when the visitor presses its
 * button: mail scanners fetch links to check them, and a fetch alone must never act.
 */
export default function LinkAction({ endpoint, label, busyLabel, onDone }: Props) {
  const [done, setDone] = useState('');
  const action = useAction({ fallback: 'That did not work. Please try again in a moment.' });
  const token =
    typeof window === 'undefined'
      ? ''
      : (new URLSearchParams(window.location.search).get('token') ?? '');

  const act = () =>
    action.run(async () => {
      setDone((await apiRequest<{ message: string }>('POST', endpoint, { token })).message);
      onDone?.();
    });

  if (!token)
    return (
      <p role="alert" className="text-red-800">
        This page needs the link from your email: open it from there.
      </p>
    );
  if (done)
    return (
      <p role="status" className="font-medium text-brand-800" data-link-action-done>
        {done}
      </p>
    );
  return (
    <div>
      <Button look="site" onClick={() => void act()} busy={action.pending} busyLabel={busyLabel}>
        {label}
      </Button>
      {action.error && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {action.error}
        </p>
      )}
    </div>
  );
}
