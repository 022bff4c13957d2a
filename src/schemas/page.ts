/** One page of a server-paged list, as every paged admin endpoint answers ({ items, total, page, pageSize }). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
