import { useEffect, useState } from 'react';
import { MemberCard } from '../sections/MemberCard';
import { fetchQuery } from '../../lib/api';
import { BALANCED_GRID, balancedCell, balancedCellSizes } from '../../lib/balanced-grid';
import type { TeamMember } from '../../schemas/team-member';
import { byOrder } from '../../schemas/order';
import type { ImageFocus } from '../../schemas/image-focus';

/** The member fields the team page shows. */
export type TeamMemberView = Pick<
  TeamMember,
  | 'id'
  | 'slug'
  | 'name'
  | 'honorific'
  | 'position'
  | 'bio'
  | 'image'
  | 'linkedin'
  | 'twitter'
  | 'email'
  | 'order'
  | 'createdAt'
>;

/** Team list freshness: a page built less than 5 minutes ago is not re-checked. */
const FRESH_MS = 5 * 60_000;

/**
 * The advisory team grid: rendered at build time from the content store, then re-checked
 * against /api/team-members when the page is older than the list's 5-minute freshness.
 */
export default function TeamLive({
  initial,
  builtAt,
  foci = {},
}: {
  initial: TeamMemberView[] | null;
  builtAt: number;
  /** Focal points of the photos known at build, by address: a re-checked list keeps its crops. */
  foci?: Record<string, ImageFocus>;
}) {
  const [members, setMembers] = useState(initial);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initial && Date.now() - builtAt < FRESH_MS) return;
    let live = true;
    fetchQuery<TeamMemberView[]>('/api/team-members').then(
      (list) => live && Array.isArray(list) && setMembers(list.slice().sort(byOrder)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [initial, builtAt]);

  // Build-time data stays on screen when the re-check fails; the messages are for having none.
  if (!members && failed) {
    return (
      <p
        className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800"
        role="alert"
      >
        Error loading team members. Please refresh the page to try again.
      </p>
    );
  }
  if (!members) {
    return (
      <p className="p-6 text-center text-ink-muted" role="status">
        Loading team members...
      </p>
    );
  }
  if (!members.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-ink-muted">
        No team members to display at this time.
      </p>
    );
  }
  return (
    <ul className={BALANCED_GRID} data-team-grid>
      {members.map((m, i) => (
        <li key={m.id} className={balancedCell(i, members.length)}>
          <MemberCard
            m={m}
            badge="Advisory Team"
            bioGroup="advisory-bio"
            photoSizes={balancedCellSizes(i, members.length)}
            focus={m.image ? foci[m.image] : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
