import { toast } from 'sonner';

// Back to this very page (edit mode included) after signing in, if the login page honours `next`.
const loginHref = () => `/login?next=${encodeURIComponent(location.pathname + location.search)}`;

/**
 * An error toast whose description links to the login page: used when edit mode is opened
 * or a save is attempted without an admin session. Goes straight to sonner (notify() takes
 * plain text) so the link is a real, keyboard-reachable anchor.
 */
export function signInNotice(title: string, description: string): void {
  toast.error(title, {
    description: (
      <span>
        {description}{' '}
        <a href={loginHref()} className="font-semibold underline">
          Sign in
        </a>
      </span>
    ),
  });
}
