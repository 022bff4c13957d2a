import { useWatch } from 'react-hook-form';
import { youtubeId, youtubeThumbnails } from '../../../lib/youtube';
import { ui, cx } from '../../ui/styles';

/** Message when the address is not one the site can play. */
export const BAD_VIDEO =
  'Enter a YouTube address (youtube.com/watch?v=…, youtube.com/embed/… or youtu.be/…)';

/** Checks the featured video address with the same parser the site uses. */
export function checkVideo(values: Record<string, unknown>): Record<string, string> {
  const url = String(values.featuredVideoUrl ?? '').trim();
  return url && !youtubeId(url) ? { featuredVideoUrl: BAD_VIDEO } : {};
}

/** Live preview of the featured video's thumbnail as the address is typed. */
export default function VideoPreview() {
  const url = String(useWatch({ name: 'featuredVideoUrl' }) ?? '');
  const title = String(useWatch({ name: 'featuredVideoTitle' }) ?? '');
  const id = youtubeId(url);
  return (
    <section aria-label="Video preview" className={cx(ui.card, 'p-5')}>
      <h2 className="text-base font-semibold text-ink">Preview</h2>
      {id ? (
        <figure className="mt-3 max-w-md">
          <img
            src={youtubeThumbnails(id).hq}
            alt={`Thumbnail of the video ${id}`}
            className="aspect-video w-full rounded-md bg-slate-200 object-cover"
          />
          <figcaption className="mt-2 text-sm text-ink-muted" data-testid="video-id">
            {title || 'Featured video'} · video id {id}
          </figcaption>
        </figure>
      ) : (
        <p className="mt-2 text-sm text-ink-muted" data-testid="video-id">
          {url
            ? BAD_VIDEO
            : 'No video: the site shows an “Event Highlights / Coming Soon” placeholder.'}
        </p>
      )}
    </section>
  );
}
