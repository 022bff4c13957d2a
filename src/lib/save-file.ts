/**
 * Saves what the browser holds as a download under `fileName`: files joined in the browser from
 * parts (a PDF not yet on the site, a CSV export), since no function answer may carry all of one.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the address by then; keeping it longer only holds the memory.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
