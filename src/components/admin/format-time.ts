import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { formatDateTime } from '../../lib/date-style';

/** An ISO time on the admin's own clock, in the site's style: 'June 19, 2025, 09:30 BST' ('' when it is not a date). */
export const formatWhen = (iso: string | null | undefined): string => formatDateTime(iso);

/** An ISO time as '3 minutes ago'. */
export function formatAgo(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? formatDistanceToNow(date, { addSuffix: true })
    : '';
}
