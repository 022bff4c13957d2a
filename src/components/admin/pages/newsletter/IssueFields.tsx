import type { IssueCreate } from '../../../../schemas/newsletter-issue';
import { shownStatus } from '../../../../schemas/release';
import FormField from '../../../ui/FormField';
import { ui } from '../../../ui/styles';
import MarkdownField from '../../form/MarkdownField';
import RecordPicker from '../../form/RecordPicker';
import TopicsField from '../../form/TopicsField';

/** What an issue's form holds: the fields an editor writes. */
export type IssueDraft = Required<IssueCreate>;

/**
 * An issue's own words and contents: subject, a Markdown intro, the publications and events it
 * shows as cards, and the research areas it is for (none: every subscriber).
 */
export default function IssueFields({
  value,
  onChange,
  readOnly,
  errors = {},
}: {
  value: IssueDraft;
  onChange: (value: IssueDraft) => void;
  readOnly: boolean;
  errors?: Record<string, string>;
}) {
  const set = <K extends keyof IssueDraft>(key: K, v: IssueDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset disabled={readOnly} className="space-y-5 text-sm">
      <legend className="sr-only">The issue</legend>
      <FormField look="admin" id="issue-subject" label="Subject" error={errors.subject} required>
        <input
          id="issue-subject"
          className={ui.input}
          value={value.subject}
          onChange={(e) => set('subject', e.target.value)}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? 'issue-subject-error' : undefined}
          maxLength={200}
          required
        />
      </FormField>
      <div>
        <label htmlFor="issue-intro" className={ui.label}>
          Introduction
        </label>
        <p id="issue-intro-hint" className={ui.help}>
          Markdown: the opening words, above the cards.
        </p>
        {readOnly ? (
          <pre className="mt-2 font-mono text-sm whitespace-pre-wrap text-ink-muted">
            {value.intro || 'No introduction.'}
          </pre>
        ) : (
          <MarkdownField
            id="issue-intro"
            value={value.intro}
            onChange={(intro) => set('intro', intro)}
            describedBy="issue-intro-hint"
            invalid={!!errors.intro}
          />
        )}
        {errors.intro && <p className={ui.error}>{errors.intro}</p>}
      </div>
      <RecordPicker
        legend="Publications and events"
        value={value.items}
        onChange={(items) => set('items', items)}
        offer={(r) => shownStatus(r) === 'published'}
        empty="Nothing is published yet."
      >
        {errors.items && <p className={ui.error}>{errors.items}</p>}
      </RecordPicker>
      <TopicsField
        id="issue-topics"
        label="For readers of"
        help="Only subscribers who chose one of these research areas get the issue. None: every subscriber."
        by="slug"
        value={value.topics}
        onChange={(topics) => set('topics', topics)}
      />
    </fieldset>
  );
}
