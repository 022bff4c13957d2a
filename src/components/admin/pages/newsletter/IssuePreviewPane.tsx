import { useEffect, useRef, useState } from 'react';
import type { IssuePreview } from '../../../../schemas/newsletter-issue';
import { buttonClass } from '../../../ui/styles';

/**
 * The message as it will arrive: its HTML in a sandboxed frame (sandbox="" runs no script and
 * reaches nothing of the admin), or its plain-text part, and how many it would go to now.
 */
export default function IssuePreviewPane({ preview }: { preview: IssuePreview }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  const ref = useRef<HTMLElement>(null);
  // It opens below the form and the buttons, out of sight in the drawer: bring it into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
  }, [preview]);
  const tab = (active: boolean) =>
    buttonClass({ variant: active ? 'secondary' : 'ghost', size: 'sm' });
  return (
    <section ref={ref} aria-label="Preview of the email" className="space-y-2 text-sm">
      <p data-testid="issue-recipients">
        <strong>{preview.recipients}</strong>{' '}
        {preview.recipients === 1 ? 'recipient' : 'recipients'} if it were sent now · Subject:{' '}
        <strong>{preview.subject}</strong>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={tab(part === 'html')}
          aria-pressed={part === 'html'}
          onClick={() => setPart('html')}
        >
          HTML
        </button>
        <button
          type="button"
          className={tab(part === 'text')}
          aria-pressed={part === 'text'}
          onClick={() => setPart('text')}
        >
          Plain text
        </button>
      </div>
      {part === 'html' ? (
        <iframe
          title="The email as it will arrive"
          sandbox=""
          srcDoc={preview.html}
          className="h-[32rem] w-full rounded-md border border-slate-200 bg-white"
        />
      ) : (
        <pre
          data-testid="issue-text-part"
          className="rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs wrap-anywhere whitespace-pre-wrap"
        >
          {preview.text}
        </pre>
      )}
    </section>
  );
}
