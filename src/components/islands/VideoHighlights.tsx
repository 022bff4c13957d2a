import { useStore } from '@nanostores/react';
import Play from 'lucide-react/icons/play';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import { $editMode } from '../../stores/edit-mode';
import { youtubeEmbedUrl, youtubeId, youtubeThumbnails } from '../../lib/youtube';

/** Props: the featured-video settings, already resolved to their display texts. */
export interface VideoHighlightsProps {
  videoUrl: string;
  title: string;
  description: string;
  /** An admin-chosen thumbnail; when empty the video's own images are used. */
  thumbnail: string;
  /** What the admin's thumbnail shows (required with it); the video's own images stay unlabelled. */
  thumbnailAlt: string;
}

// YouTube answers a missing max-resolution image with a 120x90 grey stand-in, sometimes with
// status 200, so a tiny image counts as a failure too.
const PLACEHOLDER_WIDTH = 120;

/** The video area of the highlights block: placeholder, thumbnail, or the embedded player. */
export default function VideoHighlights({
  videoUrl,
  title,
  description,
  thumbnail,
  thumbnailAlt,
}: VideoHighlightsProps) {
  const id = youtubeId(videoUrl);
  const editMode = useStore($editMode);
  // The server render cannot know about ?edit=true: read the switch only after hydration.
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const playRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasPlaying = useRef(false);
  useEffect(() => {
    // Keep keyboard focus with the control the visitor is using as the area swaps.
    if (playing) closeRef.current?.focus();
    else if (wasPlaying.current) playRef.current?.focus();
    wasPlaying.current = playing;
  }, [playing]);

  if (!id) {
    return (
      <div
        className="flex aspect-video w-full flex-col items-center justify-center rounded-2xl border border-dashed border-brand-300 bg-gradient-to-br from-brand-50 to-white p-6 text-center"
        data-testid="video-placeholder"
      >
        <span
          className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700"
          aria-hidden="true"
        >
          <Play className="h-6 w-6" />
        </span>
        <p className="mt-4 font-display text-xl font-semibold text-brand-950">Event Highlights</p>
        <p className="mt-1 text-sm text-ink-muted">
          {hydrated && editMode ? 'Add a YouTube URL in Video Settings' : 'Coming Soon'}
        </p>
      </div>
    );
  }

  if (playing) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-black shadow-xl">
        <iframe
          src={youtubeEmbedUrl(id)}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
        <button
          ref={closeRef}
          type="button"
          onClick={() => setPlaying(false)}
          aria-label="Close video"
          title="Close video"
          className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/70 text-white transition hover:bg-black"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <figure className="overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200">
      <button
        ref={playRef}
        type="button"
        onClick={() => setPlaying(true)}
        aria-label={
          thumbnail && thumbnailAlt
            ? `Play video: ${title} (${thumbnailAlt})`
            : `Play video: ${title}`
        }
        className="group relative block aspect-video w-full overflow-hidden bg-brand-950"
      >
        <Thumbnail id={id} custom={thumbnail} alt={thumbnail ? thumbnailAlt : ''} />
        <span
          className="absolute inset-0 bg-gradient-to-t from-black/50 to-transparent"
          aria-hidden="true"
        />
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-lg transition group-hover:scale-110 group-hover:bg-white">
            <Play className="ml-1 h-7 w-7 fill-current" />
          </span>
        </span>
      </button>
      <figcaption className="p-5">
        <p className="font-semibold text-brand-950" data-edit="settings.featuredVideoTitle">
          {title}
        </p>
        <p
          className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink-muted"
          data-edit="settings.featuredVideoDescription"
          data-edit-multiline=""
        >
          {description}
        </p>
      </figcaption>
    </figure>
  );
}

/** The thumbnail: the admin's image, else max resolution with a fall back to the hq image. */
function Thumbnail({ id, custom, alt }: { id: string; custom: string; alt: string }) {
  const urls = youtubeThumbnails(id);
  const [src, setSrc] = useState(custom || urls.maxres);
  const ref = useRef<HTMLImageElement>(null);
  const fallBack = () => setSrc((current) => (current === urls.hq ? current : urls.hq));
  useEffect(() => {
    // The image may have failed before hydration attached onError: check its state once.
    const img = ref.current;
    if (
      img?.complete &&
      (img.naturalWidth === 0 || (src === urls.maxres && img.naturalWidth <= PLACEHOLDER_WIDTH))
    )
      fallBack();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for a failure before hydration; later ones reach onError
  }, []);
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={1280}
      height={720}
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]"
      onError={fallBack}
      onLoad={(e) => {
        if (src === urls.maxres && e.currentTarget.naturalWidth <= PLACEHOLDER_WIDTH) fallBack();
      }}
    />
  );
}
