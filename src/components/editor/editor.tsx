/**
 * The inline editor bundle. Only EditModeLoader imports it, and only when ?edit=true, so
 * visitors never download it. It decorates the page's [data-edit] texts for admins.
 */
import { createRoot, type Root } from 'react-dom/client';
import { notify } from '../ui/toast';
import { $editMode } from '../../stores/edit-mode';
import { refreshSession } from '../../stores/session';
import { can } from '../../schemas/roles';
import { EditorApp } from './EditorApp';
import { pageImageTargets } from './EditableImages';
import { loadStartValues } from './editor-api';
import { signInNotice } from './notices';
import { collectFields } from './page-fields';

let run: { stop(): void } | null = null;
// Bumped on every start and stop: an async start that finishes after edit mode was switched
// off (back/forward) must not mount anything.
let generation = 0;

function mount(id: string): { root: Root; remove(): void } {
  const node = document.createElement('div');
  node.id = id;
  document.body.append(node);
  const root = createRoot(node);
  return {
    root,
    remove() {
      root.unmount();
      node.remove();
    },
  };
}

/** Turns the inline editor on (idempotent); it turns itself off when edit mode does. */
export async function startEditor(): Promise<void> {
  if (run || !$editMode.get()) return;
  const mine = ++generation;
  run = { stop: () => {} };
  const unsubscribe = $editMode.listen((on) => {
    if (!on) stopEditor();
  });
  let app: ReturnType<typeof mount> | null = null;
  run.stop = () => {
    unsubscribe();
    app?.remove();
  };

  // Toasts: notify() mounts the page's toast region on first use.
  notify({ title: 'Edit mode enabled', description: 'Click on highlighted text to edit content' });

  const session = await refreshSession();
  if (mine !== generation) return;
  if (session.status === 'error') {
    notify({
      title: 'Failed to check authentication',
      description: 'Reload the page to try again.',
      variant: 'destructive',
    });
    return;
  }
  if (session.status !== 'signed-in' || !can(session.user.role, 'edit')) {
    const why =
      session.status === 'signed-in'
        ? 'Your account cannot edit this site.'
        : 'You are not signed in.';
    signInNotice('Sign in as an admin to edit', `${why} The texts stay read-only.`);
    return;
  }

  const fields = collectFields();
  let start;
  try {
    start = await loadStartValues(
      fields.map((f) => f.ref),
      pageImageTargets(),
    );
  } catch {
    if (mine === generation) {
      notify({
        title: 'Could not load the current texts',
        description: 'Reload the page to try again.',
        variant: 'destructive',
      });
    }
    return;
  }
  if (mine !== generation) return;
  app = mount('edit-mode-root');
  // The pill inside follows the publish state while it is shown (stores/publish.ts).
  app.root.render(<EditorApp fields={fields} start={start} />);
}

/** Turns the inline editor off and leaves the page's markup as it was. */
export function stopEditor(): void {
  generation++;
  run?.stop();
  run = null;
}
