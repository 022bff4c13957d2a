import { z } from 'zod';

/** One recorded admin change: who, when, what, and the record before and after (GET /api/admin/history). */
export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string(),
  /** e.g. 'update', 'create', 'delete', 'reorder', 'restore'. */
  action: z.string(),
  /** What was changed, e.g. 'site-settings', 'events/<id>', 'contact-forms/<id>'. */
  target: z.string(),
  /** Short human summary, e.g. 'heroTitle' or 'Responsible AI Workshop'. */
  summary: z.string().default(''),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** For an approved proposal: who proposed it (`user` is who approved it). */
  proposedBy: z.string().optional(),
  /** For an approved proposal: its id. */
  proposal: z.string().optional(),
  /** For a restore: the entry it restored. */
  restoredFrom: z.string().optional(),
  /** Set when the personal data it held was erased: it keeps who did what and when, nothing more. */
  erased: z.literal(true).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** An entry as GET /api/admin/history lists it: with why it has no restore, where it has none. */
export type ListedHistoryEntry = HistoryEntry & { notRestorable?: string };

/** One page of history, newest first (GET /api/admin/history?page=&pageSize=): the log has no count, only whether older entries follow. */
export interface HistoryPage {
  items: ListedHistoryEntry[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
