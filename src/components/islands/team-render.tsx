import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ImageFocus } from '../../schemas/image-focus';
import { TeamList, type TeamMemberView } from '../sections/TeamList';

/**
 * Renders /team's advisory list into `box` in place of the built one (team-refresh.ts decides
 * when): `members` as re-read, or null when it could not be read. Photos keep the focal points
 * the build knew (the box's data-foci).
 */
export function renderTeam(box: HTMLElement, members: TeamMemberView[] | null) {
  const foci = JSON.parse(box.dataset.foci || '{}') as Record<string, ImageFocus>;
  // At once rather than on React's schedule: the built list is gone in the same frame.
  flushSync(() =>
    createRoot(box).render(<TeamList members={members} failed={!members} foci={foci} />),
  );
}
