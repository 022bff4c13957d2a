/**
 * Field names as people read them: the admin's labels, history and release logs all say
 * 'Hero title', never 'heroTitle'. Zod-free: the admin app and the server both use it.
 */

/** 'heroButton1Text' -> 'Hero button 1 text'. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
