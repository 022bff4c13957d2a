/**
 * /team's advisory list, kept current without React on the page: the build renders the list
 * (TeamList) with its build time and fingerprint (team-list-key.ts). A page older than the list's
 * 5-minute freshness, or built without the list, reads /api/team-members once; only when that
 * list differs from the one shown does it load the renderer (team-render.tsx), so a visitor to
 * an unchanged list downloads no rendering code.
 *
 * Never in edit mode (?edit=true, as EditModeLoader checks it): the inline editor changes the
 * cards where they stand (their texts, photos and crops), and a re-render would undo that.
 */
import { fetchQuery } from '../../lib/api';
import { teamListKey } from '../../lib/team-list-key';
import { byOrder } from '../../schemas/order';
import type { TeamMemberView } from '../sections/TeamList';

/** Team list freshness: a page built less than 5 minutes ago is not re-checked. */
const FRESH_MS = 5 * 60_000;

const box = document.querySelector<HTMLElement>('[data-team-list]');
const editing = new URLSearchParams(location.search).get('edit') === 'true';
const known = box?.dataset.listKey;
if (box && !editing && (!known || Date.now() - Number(box.dataset.builtAt) >= FRESH_MS)) {
  fetchQuery<TeamMemberView[]>('/api/team-members').then(
    (list) => {
      if (!Array.isArray(list) || teamListKey(list) === known) return;
      void import('./team-render').then((r) => r.renderTeam(box, list.slice().sort(byOrder)));
    },
    // Build-time cards stay on screen when the re-check fails; the message is for having none.
    () => !known && void import('./team-render').then((r) => r.renderTeam(box, null)),
  );
}
