/** A small accessible loading spinner with a screen-reader label. */
export default function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
