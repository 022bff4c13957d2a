import { ICONS, STROKE_ICONS } from './icons';

/**
 * A decorative inline icon from icons.ts for React markup (hidden from assistive technology), as
 * layout/Icon.astro draws it for Astro markup. The public islands use these few paths rather than
 * an icon library, whose per-icon component factory costs each page more than the paths do.
 */
export function Icon({
  name,
  className = 'size-4',
}: {
  name: keyof typeof ICONS;
  className?: string;
}) {
  const stroke = STROKE_ICONS.has(name);
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={stroke ? 'none' : 'currentColor'}
      stroke={stroke ? 'currentColor' : 'none'}
      strokeWidth={stroke ? 2 : undefined}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
