import { MemberCard } from './MemberCard';
import { BALANCED_GRID, balancedCell, balancedCellSizes } from '../../lib/balanced-grid';
import type { TeamMember } from '../../schemas/team-member';
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

/**
 * The advisory team grid of /team, or what stands in for it: the build renders it to static
 * HTML, and team-refresh.ts renders it again in the browser only when a stale page's re-check
 * finds a different list. `members` null: the list is not known yet (`failed`: nor can it be).
 */
export function TeamList({
  members,
  failed = false,
  foci = {},
}: {
  members: TeamMemberView[] | null;
  failed?: boolean;
  /** Focal points of the photos known at build, by address: a re-rendered list keeps its crops. */
  foci?: Record<string, ImageFocus>;
}) {
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
