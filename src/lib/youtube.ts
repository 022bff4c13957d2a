/**
 * YouTube helpers for the video highlights block: pull the video id out of the address
 * forms the spec accepts (watch?v=, /embed/, youtu.be) and build the image and player URLs.
 */

const VIDEO_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The 11-character video id of a YouTube address, or null when the address is not one we accept. */
export function youtubeId(address: string | null | undefined): string | null {
  const raw = address?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    // Admins often paste addresses without the scheme ("youtu.be/abc..."): assume https.
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (url.pathname.startsWith('/embed/')) id = url.pathname.split('/')[2];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** Thumbnail addresses: the max-resolution image first, the hq image as the fallback. */
export function youtubeThumbnails(id: string): { maxres: string; hq: string } {
  const base = `https://img.youtube.com/vi/${encodeURIComponent(id)}`;
  return { maxres: `${base}/maxresdefault.jpg`, hq: `${base}/hqdefault.jpg` };
}

/** The embedded player address: starts playing at once, no unrelated suggestions, small branding. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0&modestbranding=1`;
}
