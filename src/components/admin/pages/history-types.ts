/** One recorded admin change as GET /api/admin/history answers it. */
export interface HistoryEntry {
  id: string;
  at: string;
  user: string;
  action: string;
  target: string;
  summary: string;
  before?: unknown;
  after?: unknown;
  restoredFrom?: string;
}
