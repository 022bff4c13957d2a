/** Props of the draft prompt: the kept text and the two answers. */
export interface DraftOfferProps {
  label: string;
  value: string;
  onRestore(): void;
  onDiscard(): void;
}

/** 'Restore unsaved draft?' shown next to a text whose last edit was never saved (e.g. a reload). */
export function DraftOffer({ label, value, onRestore, onDiscard }: DraftOfferProps) {
  return (
    <div
      role="group"
      aria-label={`Unsaved draft of ${label}`}
      className="rounded-lg border border-accent-400 bg-amber-50 p-3 font-sans text-sm text-ink shadow-lg"
    >
      <p className="font-semibold">Restore unsaved draft?</p>
      <p className="mt-1 line-clamp-3 whitespace-pre-line text-ink-muted">{value}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onRestore}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          Restore draft
        </button>
        <button
          type="button"
          onClick={onDiscard}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50"
        >
          Discard
        </button>
      </div>
    </div>
  );
}
