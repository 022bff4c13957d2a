/** A research area a newsletter reader may choose. */
export interface TopicOption {
  slug: string;
  title: string;
}

/**
 * The optional topics of a newsletter signup, folded away in a <details>: plain checkboxes read
 * from the form on submit (no state, so it adds next to no script). Nothing checked means everything.
 */
export default function TopicChoice({
  areas,
  inverted = false,
}: {
  areas: readonly TopicOption[];
  inverted?: boolean;
}) {
  if (areas.length === 0) return null;
  return (
    <details className={`text-left text-sm ${inverted ? 'text-brand-50' : 'text-ink-muted'}`}>
      <summary className="cursor-pointer font-medium">Choose topics (optional)</summary>
      <fieldset className="mt-2 grid gap-1.5 sm:grid-cols-2">
        <legend className="mb-1 text-xs">Leave all unchecked to hear about everything.</legend>
        {areas.map((a) => (
          <label key={a.slug} className="flex items-start gap-2">
            <input type="checkbox" name="topics" value={a.slug} className="mt-1" />
            {a.title}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** The topics checked in the signup form with this id (read at submit, from the page itself). */
export function checkedTopics(formId: string): string[] {
  const form = document.getElementById(formId);
  return form instanceof HTMLFormElement ? new FormData(form).getAll('topics').map(String) : [];
}
