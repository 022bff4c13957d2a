/**
 * The header search box's results: the best few pages for the words typed, each a link, and a
 * link to every result on /search?q=. Loaded by the header's script on the first words typed, so
 * no page pays for it (or for Pagefind) until someone searches.
 */
import { KIND_LABELS } from '../../lib/search-kinds';
import { searchSite } from '../../lib/site-search';

/** How many pages the box lists; the rest are a click away on /search. */
const SHOWN = 5;

// Only the newest search draws: an earlier one that answers late is dropped.
let latest = 0;

/** Searches for `query` and draws the answer into the header's search panel. */
export async function showHeaderResults(panel: HTMLElement, query: string): Promise<void> {
  const status = panel.querySelector<HTMLElement>('[data-header-search-status]')!;
  const list = panel.querySelector<HTMLUListElement>('[data-header-search-results]')!;
  const ticket = ++latest;
  const words = query.trim();
  if (!words) {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  status.textContent = 'Searching…';
  try {
    const { total, results } = await searchSite(words, { limit: SHOWN });
    if (ticket !== latest) return;
    list.replaceChildren(
      ...results.map((result) => {
        const li = document.createElement('li');
        const link = document.createElement('a');
        link.href = result.url;
        link.className =
          'flex flex-col rounded-md px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50';
        // Text only: titles come from the index, which holds editable text.
        const title = document.createElement('span');
        title.className = 'font-semibold text-ink';
        title.textContent = result.title;
        link.append(title);
        if (result.kind) {
          const kind = document.createElement('span');
          kind.className = 'text-xs text-ink-soft';
          kind.textContent = KIND_LABELS[result.kind].one;
          link.append(kind);
        }
        li.append(link);
        return li;
      }),
    );
    if (total > 0) {
      const all = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/search?${new URLSearchParams({ q: words })}`;
      link.className = 'block rounded-md px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50';
      link.textContent = `All ${total} ${total === 1 ? 'result' : 'results'} for “${words}”`;
      all.append(link);
      list.append(all);
    }
    status.textContent = total
      ? `${total} ${total === 1 ? 'result' : 'results'} for “${words}”`
      : `No results for “${words}”. Try different or fewer words.`;
  } catch {
    if (ticket !== latest) return;
    list.replaceChildren();
    status.textContent = 'Search is unavailable right now. Please try again later.';
  }
}
