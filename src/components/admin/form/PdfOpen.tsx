import FileText from 'lucide-react/icons/file-text';
import { downloadUnpublishedPdf } from '../../../lib/pdf-upload';
import { parsePdfFileUrl } from '../../../schemas/pdf-upload';
import Button from '../../ui/Button';
import { buttonClass } from '../../ui/styles';
import { useAction } from '../../ui/use-action';

/**
 * 'Open' beside a PDF field: an uploaded PDF that is not on the site yet is joined in the browser
 * from its parts; any other address opens in a new tab.
 */
export default function PdfOpen({ value }: { value: string }) {
  const parted = parsePdfFileUrl(value);
  const action = useAction({ toast: 'Error', fallback: 'Failed to open the PDF' });
  if (!value) return null;
  if (!parted) {
    return (
      <a
        href={value}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
        target="_blank"
        rel="noopener noreferrer"
      >
        <FileText aria-hidden="true" className="h-4 w-4" />
        Open
      </a>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void action.run(() => downloadUnpublishedPdf(parted.id, parted.fileName))}
    >
      <FileText aria-hidden="true" className="h-4 w-4" />
      Open
    </Button>
  );
}
