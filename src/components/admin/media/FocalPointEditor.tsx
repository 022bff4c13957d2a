import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { objectPosition } from '../../../schemas/image-focus';

export interface Focal {
  focalX: number;
  focalY: number;
}

/** The crops the pages make of an image, shown beside the picker so the choice is seen: CSS height ÷ width. */
const CROPS = [
  { label: 'Card', aspect: 9 / 16, width: 128 },
  { label: 'Portrait', aspect: 0.63 / 0.5, width: 80 },
  { label: 'Round photo', aspect: 1, width: 64, round: true },
] as const;

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
const percent = (n: number) => `${Math.round(n * 100)}%`;

/**
 * Where a crop keeps an image centred: click or drag on the picture, or focus the marker and use
 * the arrow keys (Shift for bigger steps, Home for the centre). Beside it, the crops the pages
 * make at that point, drawn with the same `object-position` they use.
 */
export default function FocalPointEditor({
  src,
  alt,
  value,
  onChange,
  idPrefix,
}: {
  src: string;
  alt: string;
  value: Focal;
  onChange: (next: Focal) => void;
  idPrefix: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const placeAt = (event: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || !box.width || !box.height) return;
    onChange({
      focalX: clamp((event.clientX - box.left) / box.width),
      focalY: clamp((event.clientY - box.top) / box.height),
    });
  };

  const onKey = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (event.key === 'Home') {
      event.preventDefault();
      onChange({ focalX: 0.5, focalY: 0.5 });
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ focalX: clamp(value.focalX + move[0]), focalY: clamp(value.focalY + move[1]) });
  };

  const where = `${percent(value.focalX)} from the left, ${percent(value.focalY)} from the top`;
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="min-w-0 flex-1">
        <div
          ref={frame}
          className="relative inline-block max-w-full cursor-crosshair touch-none select-none"
          data-testid="focal-frame"
          onPointerDown={(event) => {
            dragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            placeAt(event);
          }}
          onPointerMove={(event) => dragging.current && placeAt(event)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
        >
          <img
            src={src}
            alt={alt}
            draggable={false}
            className="block max-h-80 max-w-full rounded-md"
          />
          <button
            type="button"
            id={`${idPrefix}-focal`}
            className="absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600/80 shadow-[0_0_0_2px_rgba(15,23,42,0.7)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            style={{ left: percent(value.focalX), top: percent(value.focalY) }}
            aria-label={`Focal point: ${where}. Move it with the arrow keys, Shift for bigger steps, Home for the centre.`}
            aria-describedby={`${idPrefix}-focal-help`}
            data-testid="focal-marker"
            onKeyDown={onKey}
          />
        </div>
        <p id={`${idPrefix}-focal-help`} className="mt-2 text-xs text-ink-soft">
          Click or drag on the picture to choose what every crop keeps in view.{' '}
          <span aria-live="polite" data-testid="focal-value">
            Focal point: {where}.
          </span>
        </p>
      </div>
      <figure className="shrink-0">
        <figcaption className="mb-2 text-xs font-medium text-ink-muted">
          How pages crop it
        </figcaption>
        <div className="flex items-end gap-3">
          {CROPS.map((crop) => (
            <div key={crop.label} className="text-center text-xs text-ink-soft">
              <img
                src={src}
                alt=""
                className={`block object-cover ${'round' in crop ? 'rounded-full' : 'rounded'}`}
                style={{
                  width: crop.width,
                  height: Math.round(crop.width * crop.aspect),
                  objectPosition: objectPosition(value),
                }}
                data-testid="focal-crop"
              />
              <span className="mt-1 block">{crop.label}</span>
            </div>
          ))}
        </div>
      </figure>
    </div>
  );
}
