import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LazyComponent<P> {
  /** Starts fetching the component's chunk (once) and resolves with the component. */
  load(): Promise<ComponentType<P>>;
  /** The component once its chunk has arrived; `fallback` meanwhile, and if it cannot be fetched. */
  View(props: P): JSX.Element | null;
}

/**
 * A component kept out of a page's first load: its chunk is fetched when it
 * is first shown, or earlier by `load()`. (preact/compat's lazy and Suspense
 * would do this too, at the cost of compat in the side panel's first load.)
 */
export function lazyComponent<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  fallback: (props: P, failed: boolean) => JSX.Element | null,
  what: string,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;

  function load(): Promise<ComponentType<P>> {
    loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked again on the next showing (an extension updated meanwhile may answer then).
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function View(props: P): JSX.Element | null {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded !== null) return undefined;
      let live = true;
      load().then(
        (component) => live && setLoaded(() => component),
        (error: unknown) => {
          console.error(`${what} failed to load`, error);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    return Loaded === null ? fallback(props, failed) : <Loaded {...props} />;
  }

  return { load, View };
}
