import ImagePlus from 'lucide-react/icons/image-plus';
import { useId, useRef, useState } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api';
import { announce } from '../../../stores/admin-announce';
import { useAction } from '../../ui/use-action';
import Button from '../../ui/Button';
import { buttonClass, cx, ui } from '../../ui/styles';
import { IMAGE_ACCEPT, uploadImage } from './upload';
import '../../../styles/report-body.css';

interface MarkdownFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** What POST /api/admin/markdown-preview answers (src/server/content/report-body.ts). */
interface Preview {
  html: string;
  minutes: number;
}

/**
 * A report body in Markdown: a text area, a button that uploads an image and inserts it as a
 * figure, and a preview rendered by the server with the same renderer and sanitiser as the site,
 * so what the preview shows is what the page will show.
 */
export default function MarkdownField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: MarkdownFieldProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  const upload = useAction({ toast: 'Error', fallback: 'Failed to upload image' });
  const busy = upload.pending;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const previewId = useId();

  async function showPreview() {
    setMode('preview');
    setPreview(null);
    setProblem('');
    try {
      setPreview(
        await apiRequest<Preview>('POST', '/api/admin/markdown-preview', { markdown: value }),
      );
    } catch (error) {
      setProblem(errorMessage(error, 'The preview could not be made'));
    }
  }

  async function insertFigure(file: File) {
    await upload.run(async () => {
      const url = await uploadImage(file);
      const at = textRef.current?.selectionStart ?? value.length;
      // Alt text and caption start empty: placeholder words would be published as if written,
      // and the save asks for both while they are missing.
      const figure = `\n\n![](${url} "")\n\n`;
      onChange(value.slice(0, at) + figure + value.slice(at));
      announce(
        'Figure inserted: write what it shows between the brackets and its caption between the quotes',
      );
    });
    if (fileRef.current) fileRef.current.value = '';
  }

  const tab = (active: boolean) =>
    buttonClass({ variant: active ? 'secondary' : 'ghost', size: 'sm' });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={tab(mode === 'write')}
          aria-pressed={mode === 'write'}
          onClick={() => setMode('write')}
        >
          Write
        </button>
        <button
          type="button"
          className={tab(mode === 'preview')}
          aria-pressed={mode === 'preview'}
          onClick={() => void showPreview()}
        >
          Preview
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${id}-figure-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void insertFigure(file);
          }}
        />
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          disabled={busy || mode !== 'write'}
          onClick={() => fileRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Uploading...' : 'Insert figure'}
        </Button>
      </div>
      {mode === 'write' ? (
        <textarea
          ref={textRef}
          id={id}
          rows={16}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cx(ui.input, 'font-mono text-sm')}
        />
      ) : (
        <section
          id={previewId}
          aria-label="Preview of the web version"
          aria-busy={!preview && !problem}
          className="max-h-[32rem] overflow-y-auto rounded-md border border-slate-200 bg-white p-4"
        >
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          {!preview && !problem && (
            <p className="text-sm text-ink-soft">Rendering the preview...</p>
          )}
          {preview && (
            <>
              <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
                {value.trim()
                  ? `${preview.minutes} min read`
                  : 'No body: the page shows the description only'}
              </p>
              {/* The server's sanitised rendering: raw HTML, scripts and unsafe links never survive it. */}
              <div
                className="report-body mt-4"
                data-testid={`${id}-preview`}
                dangerouslySetInnerHTML={{ __html: preview.html }}
              />
            </>
          )}
        </section>
      )}
    </div>
  );
}
