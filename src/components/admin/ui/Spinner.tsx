import { Loader2 } from 'lucide-react';

/** A spinning indicator with a text for screen readers (and optionally on screen). */
export default function Spinner({ label = 'Loading...', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 p-6 text-ink-muted">
      <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-brand-600" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
