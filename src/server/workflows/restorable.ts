import type { HistoryEntry } from '../publishing/history';
import { COLLECTIONS } from '../content/collections';

/**
 * Why a History entry has no restore at all, whatever the content holds now, or null when it has
 * one. One answer for both the History list (which offers Restore only where it can work) and the
 * restore itself (which refuses the rest with 409 before it claims anything): media, users,
 * releases, messages and the like are changed where they are managed, and a list that offered a
 * button for them only to answer 409 promised what it could not keep.
 *
 * Whether the content still allows the restore (an item deleted since, an order with items added)
 * is only known by trying: those stay 409s of the restore.
 */
export function whyNotRestorable(entry: HistoryEntry): string | null {
  if (entry.erased) return 'The personal data of this change was erased, so it cannot be restored';
  if (entry.target === 'site-settings') return null;
  const [name = '', id, ...rest] = entry.target.split('/');
  const item = id !== undefined && id !== '' && rest.length === 0;
  if (name === 'testimonials' && item)
    return entry.before === undefined
      ? 'Submitted testimonials are not removed by a restore'
      : null;
  if (name === 'subscriptions' && item)
    return entry.before !== undefined && entry.after === undefined
      ? null
      : 'Only a deleted subscription can be restored';
  // A collection's item (create, update, delete, move) or its whole order.
  if (COLLECTIONS[name] && (item || id === undefined)) return null;
  return 'This kind of change is not restored from History: change it again where it is managed';
}
