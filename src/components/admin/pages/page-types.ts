/** One page of a server-paged admin list ({ items, total, page, pageSize }). */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
