/**
 * Who wrote and how their text begins, for notification emails: enough to tell a question from
 * spam, or which testimonial waits, without opening the admin. Its first lines only: the whole
 * text stays in the admin.
 */

const MAX_LINES = 3;
const MAX_CHARS = 280;

/** The first lines of `text` (at most three, 280 characters), with '…' when it goes on. */
export function firstLines(text: string): string {
  const lines = text
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let shown = lines.slice(0, MAX_LINES).join('\n');
  const cut = shown.length > MAX_CHARS;
  if (cut) shown = shown.slice(0, MAX_CHARS).replace(/\s+\S*$/, '');
  return cut || lines.length > MAX_LINES ? `${shown}…` : shown;
}

/** One piece of writing as a notification quotes it: '<who> wrote:' and its first lines. */
export const quoted = (who: string, text: string): string =>
  `${who} wrote:\n${firstLines(text)
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}`;
