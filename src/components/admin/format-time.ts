import { format } from 'date-fns/format';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';

/** An ISO time as 'd MMM yyyy, HH:mm' ('' when it is not a date). */
export function formatWhen(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, 'd MMM yyyy, HH:mm') : '';
}

/** An ISO time as '3 minutes ago'. */
export function formatAgo(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? formatDistanceToNow(date, { addSuffix: true })
    : '';
}
