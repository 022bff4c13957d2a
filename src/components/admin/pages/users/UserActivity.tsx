import { useState } from 'react';
import { formatAgo } from '../../format-time';
import { useFetch } from '../../use-fetch';
import { describeChange } from '../change-text';
import type { HistoryEntry } from '../../../../schemas/history';

function ActivityList({ username }: { username: string }) {
  const { data, error } = useFetch<HistoryEntry[]>(
    `/api/admin/users/${encodeURIComponent(username)}/activity`,
  );
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!data) return <p className="text-sm text-ink-muted">Loading...</p>;
  if (data.length === 0) return <p className="text-sm text-ink-muted">No changes yet.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {data.map((e) => (
        <li key={e.id}>
          {describeChange(e)} <span className="text-ink-soft">· {formatAgo(e.at)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A user's recent changes, read only when opened (one small list per user). */
export default function UserActivity({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        Recent activity
      </summary>
      <div className="mt-2">{open && <ActivityList username={username} />}</div>
    </details>
  );
}
