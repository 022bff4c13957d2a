import { createRoot } from 'react-dom/client';
import NewsletterPopupDialog, { type PopupTexts } from './NewsletterPopupDialog';

/** Mounts the newsletter dialog at the end of the page; closing it removes it again. */
export function openPopup(texts: PopupTexts): void {
  const node = document.createElement('div');
  document.body.append(node);
  const root = createRoot(node);
  root.render(
    <NewsletterPopupDialog
      texts={texts}
      // Unmounted after the close handler has finished, not from inside it.
      onClose={() =>
        queueMicrotask(() => {
          root.unmount();
          node.remove();
        })
      }
    />,
  );
}
