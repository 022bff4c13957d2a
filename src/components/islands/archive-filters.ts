import {
  FILTER_INDEX_PATH,
  filterPartPath,
  filterRows,
  narrowestPart,
  selectionFromUrl,
  selectionUrl,
  type FilterMeta,
  type FilterPart,
  type Selection,
} from '../../lib/archive-filter';
import { FILTER_KINDS, publicationUrl, type FilterKind } from '../../lib/publication-archive';

/** Rows shown at first and added by each 'Show more'. */
const STEP = 24;

/**
 * The archive's filter groups, combined in place. Without JavaScript each chip is a link to its
 * static page (one filter at a time). With it, a chip changes only its own group, the list is
 * drawn from the filter index (its labels and counts loaded on the first change, then the
 * publications of the narrowest filter chosen, each file once), and the address says what is chosen
 * (one filter: its static page; several: /publications?topic=…&type=…&year=…), so it can be
 * shared, reloaded and gone back to. Plain script: no framework ships with the archive.
 */
export function startArchiveFilters(): void {
  const root = document.querySelector<HTMLElement>('[data-archive-filters]');
  const resultsBox = document.querySelector<HTMLElement>('[data-archive-results]');
  const rowTemplate = document.querySelector<HTMLTemplateElement>('template[data-archive-row]');
  if (!root || !resultsBox || !rowTemplate) return;
  const [results, template] = [resultsBox, rowTemplate];
  const staticList = document.querySelector<HTMLElement>('[data-archive-static]');
  const heading = document.querySelector<HTMLElement>('[data-archive-heading]');
  const range = document.querySelector<HTMLElement>('[data-archive-range]');
  const status = document.querySelector<HTMLElement>('[data-archive-status]');
  const list = results.querySelector('ul')!;
  const none = results.querySelector<HTMLElement>('[data-archive-none]')!;
  const more = results.querySelector<HTMLButtonElement>('[data-archive-more]')!;
  const chips = [...root.querySelectorAll<HTMLAnchorElement>('a[data-filter-kind]')];
  const [on, off] = [root.dataset.chipOn!.split(' '), root.dataset.chipOff!.split(' ')];
  const pageSelection = selectionFromUrl(new URL(location.href));
  // ' - <site name>', as the built page's title ends.
  const builtTitle = document.title;
  const titleSuffix = builtTitle.includes(' - ')
    ? builtTitle.slice(builtTitle.lastIndexOf(' - '))
    : '';
  let meta: Promise<FilterMeta> | null = null;
  const parts = new Map<string, Promise<FilterPart>>();
  const getJSON = <T>(path: string) =>
    fetch(path).then((r) =>
      r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(String(r.status))),
    );
  let shown: string | null = null;

  const labelOf = (kind: FilterKind, slug: string) =>
    chips
      .find((c) => c.dataset.filterKind === kind && c.dataset.filterSlug === slug)
      ?.firstChild?.textContent?.trim() ?? slug;

  const mark = (selection: Selection) => {
    for (const chip of chips) {
      const chosen =
        (selection[chip.dataset.filterKind as FilterKind] ?? '') === chip.dataset.filterSlug;
      chip.classList.remove(...(chosen ? off : on));
      chip.classList.add(...(chosen ? on : off));
      if (chosen) chip.setAttribute('aria-current', 'true');
      else chip.removeAttribute('aria-current');
    }
  };

  async function draw(selection: Selection) {
    mark(selection);
    const chosen = FILTER_KINDS.filter((k) => selection[k]);
    const names = chosen.map((k) => labelOf(k, selection[k]!)).join(' · ');
    if (heading) heading.textContent = names || 'All publications';
    // The tab and the history list name the choice, as each filter's static page does.
    document.title = `${names ? `Publications: ${names}` : 'Publications'}${titleSuffix}`;
    // Nothing chosen: the archive's own first page, as built.
    if (!chosen.length) {
      if (!FILTER_KINDS.some((k) => pageSelection[k])) showBuilt();
      else location.assign(selectionUrl({}));
      return;
    }
    let rows;
    let path = '';
    try {
      meta ??= getJSON<FilterMeta>(FILTER_INDEX_PATH);
      const m = await meta;
      const part = narrowestPart(m, selection)!;
      path = filterPartPath(part.kind, part.value);
      let found = parts.get(path);
      if (!found) {
        found = part.count ? getJSON<FilterPart>(path) : Promise.resolve({ rows: [] });
        parts.set(path, found);
      }
      rows = filterRows({ topic: m.topic, type: m.type, rows: (await found).rows }, selection);
    } catch {
      meta = null;
      parts.delete(path);
      // The index did not load: the static page of the last chosen filter still works.
      location.assign(
        selectionUrl(chosen.length ? { [chosen.at(-1)!]: selection[chosen.at(-1)!] } : {}),
      );
      return;
    }
    const key = JSON.stringify(selection);
    if (shown === key) return;
    shown = key;
    list.replaceChildren();
    let count = 0;
    const add = () => {
      for (const [slug, title, , , , date, authors] of rows.slice(count, count + STEP)) {
        const row = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
        const link = row.querySelector<HTMLAnchorElement>('[data-row-link]')!;
        link.href = publicationUrl({ slug });
        link.textContent = title;
        row.querySelector('[data-row-meta]')!.textContent = date;
        row.querySelector('[data-row-authors]')!.textContent = authors;
        list.append(row);
      }
      count = Math.min(rows.length, count + STEP);
      more.hidden = count >= rows.length;
    };
    add();
    more.onclick = add;
    if (staticList) staticList.hidden = true;
    results.hidden = false;
    list.hidden = rows.length === 0;
    none.classList.toggle('hidden', rows.length > 0);
    const summary = `${rows.length} publication${rows.length === 1 ? '' : 's'}`;
    if (range) range.textContent = summary;
    if (status) status.textContent = summary;
  }

  root.addEventListener('click', (event) => {
    const chip = (event.target as Element).closest<HTMLAnchorElement>('a[data-filter-kind]');
    if (
      !chip ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    const current = selectionFromUrl(new URL(location.href));
    const next = { ...current, [chip.dataset.filterKind!]: chip.dataset.filterSlug || undefined };
    history.pushState(null, '', selectionUrl(next));
    void draw(selectionFromUrl(new URL(location.href)));
  });
  const built = { heading: heading?.textContent ?? '', range: range?.textContent ?? '' };
  /** The page as built: its own list again. */
  function showBuilt() {
    shown = null;
    mark(pageSelection);
    results.hidden = true;
    if (staticList) staticList.hidden = false;
    if (heading) heading.textContent = built.heading;
    if (range) range.textContent = built.range;
    document.title = builtTitle;
  }
  addEventListener('popstate', () => {
    const selection = selectionFromUrl(new URL(location.href));
    if (JSON.stringify(selection) !== JSON.stringify(pageSelection) || location.search) {
      void draw(selection);
      return;
    }
    showBuilt();
  });
  // Opened with a combination in the address (/publications?type=…&year=…): draw it.
  if (FILTER_KINDS.some((k) => new URL(location.href).searchParams.get(k)))
    void draw(pageSelection);
}
