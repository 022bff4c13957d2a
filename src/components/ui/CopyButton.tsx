import Copy from 'lucide-react/icons/copy';
import Button from './Button';
import { notify } from './toast';

/** 'Copy': puts `text` on the clipboard and says so with a toast titled `copied`. */
export default function CopyButton({ text, copied }: { text: string; copied: string }) {
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => notify({ title: copied }))
      }
    >
      <Copy aria-hidden="true" className="h-4 w-4" />
      Copy
    </Button>
  );
}
