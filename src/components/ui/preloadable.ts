import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component whose code is fetched on first render, or earlier by calling `load`. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<unknown>;
};

/**
 * React's lazy, with `load` to fetch the code ahead of the first render. Once the code is in, the
 * lazy component gets it from a thenable that calls back synchronously, so React's lazy resolves
 * without suspending: from a promise it would suspend all the same, and React 19 holds suspended
 * content back for up to 300 ms after its fallback shows (a page's first request, an editor's
 * form, waited that long for code already at hand).
 */
export function preloadable<P>(
  fetchCode: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  const load = () => fetchCode().then((m) => (loaded = m));
  const component = lazy(() => {
    if (!loaded) return load();
    const code = loaded;
    return { then: (done: (m: typeof code) => void) => done(code) } as unknown as Promise<
      typeof code
    >;
  });
  return Object.assign(component, { load });
}
