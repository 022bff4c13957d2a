import { getStore, type Store } from '@netlify/blobs';
import { StorageError } from '../../http/errors';

/** Store names: one place, so a typo cannot create a second store. */
export const STORES = {
  content: 'content',
  users: 'users',
  invitations: 'invitations',
  contact: 'contact-forms',
  newsletter: 'newsletter',
  testimonials: 'testimonials',
  uploads: 'uploads',
  history: 'history',
  throttle: 'throttle',
  system: 'system',
  mail: 'mail',
  privacy: 'privacy',
  previewLinks: 'preview-links',
  analytics: 'analytics',
  issues: 'newsletter-issues',
  proposals: 'proposals',
  media: 'media',
  exports: 'exports',
  answers: 'request-answers',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

/** The name each store was opened under (a Store does not say): the parsed copies (parsed-copies.ts) are kept by it. */
const storeNames = new WeakMap<Store, StoreName>();

/** A site-wide store with strong consistency, so a read that follows a write sees it. */
export function openStore(name: StoreName): Store {
  let store: Store;
  try {
    store = getStore({ name, consistency: 'strong' });
  } catch (error) {
    throw new StorageError('The content store is not configured', { cause: error });
  }
  storeNames.set(store, name);
  return store;
}

/** The name a store was opened under; undefined for one openStore did not open. */
export const nameOfStore = (store: Store): StoreName | undefined => storeNames.get(store);
