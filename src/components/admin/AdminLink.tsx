import type { MouseEvent, ReactNode } from 'react';
import { adminPath, navigateAdmin } from '../../stores/admin-route';

interface AdminLinkProps {
  page: string;
  className?: string;
  children: ReactNode;
  current?: boolean;
}

/**
 * A real link to an admin page (works without JS, opens in a new tab) that navigates in-app on a
 * plain click, asking first about unsaved changes.
 */
export default function AdminLink({ page, className, children, current }: AdminLinkProps) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void navigateAdmin(page);
  }
  return (
    <a
      href={adminPath(page)}
      onClick={onClick}
      className={className}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </a>
  );
}
