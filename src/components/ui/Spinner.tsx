/**
 * The one loading spinner: a ring with a text for screen readers (and optionally on screen).
 * `large` is the public pages' section placeholder; the admin uses the compact one.
 */
export default function Spinner({
  label = 'Loading...',
  showLabel = false,
  large = false,
}: {
  label?: string;
  showLabel?: boolean;
  large?: boolean;
}) {
  return (
    <div
      role="status"
      className={
        large
          ? 'flex justify-center py-16'
          : 'flex items-center justify-center gap-2 p-6 text-ink-muted'
      }
    >
      <span
        aria-hidden="true"
        className={`animate-spin rounded-full border-brand-100 border-t-brand-600 ${large ? 'h-10 w-10 border-4' : 'h-6 w-6 border-[3px]'}`}
      />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
