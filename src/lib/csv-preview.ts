/**
 * The first rows of a CSV file, read as RFC 4180 writes them (quoted fields may hold commas,
 * doubled quotes and line breaks), for the preview table on a report's page. Pure: the build
 * hands it the start of the file; a row cut off by the end of that text is left out.
 */

/**
 * The first `rows` records of `text` (the header first), each a list of cells. `complete` says
 * the text is the whole file: otherwise its last line may be cut short and is left out.
 */
export function csvRows(text: string, rows: number, complete = true): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of the first cell
  for (; i < text.length && out.length < rows; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  // The last line counts only when the text ends there (no newline after it), not mid-row.
  if (complete && out.length < rows && !quoted && (cell || row.length)) {
    row.push(cell);
    out.push(row);
  }
  return out;
}
