import { createRoot } from 'react-dom/client';
import EditPageButton from './EditPageButton';

/** Renders the admin's edit entry into `root` (its label and address from data-label and data-href). */
export function mountEditPageButton(root: HTMLElement): void {
  createRoot(root).render(<EditPageButton label={root.dataset.label} href={root.dataset.href} />);
}
