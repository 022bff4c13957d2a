import { createRoot } from 'react-dom/client';
import EditPageButton from './EditPageButton';

/** Renders the admin's edit entry into `root` (its label from data-label). */
export function mountEditPageButton(root: HTMLElement): void {
  createRoot(root).render(<EditPageButton label={root.dataset.label} />);
}
