import { type ComponentType, lazy, startTransition, useEffect, useState } from 'react';

/** A component whose code loads on demand, with the function that starts loading it early. */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** The component once its code has loaded. */
  loaded: () => ComponentType<P> | undefined;
};

/**
 * React's `lazy`, except that once the code has loaded the component renders at once. `lazy`
 * suspends on its first render even when its code is already there (preloaded with the route),
 * and React holds the reveal of a suspended screen back by up to 300 ms so that fallbacks do not
 * flash: a grid page waited that long for code it already had.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module, as `lazy` is.
  function LazyLoaded(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(LazyLoaded, { preload: loadAndKeep, loaded: () => loaded });
}

/**
 * A lazy component's loaded code for a part of a screen, `undefined` until it is in; the caller
 * shows its own placeholder meanwhile. Unlike rendering the component under `Suspense`, nothing
 * suspends: a revealed Suspense boundary is a "retry" render, which React holds back until 300 ms
 * after the last fallback it showed, and the grid's rows waited that long for code already run.
 */
export function useLoadedCode<P extends object>(component: LazyComponent<P>): ComponentType<P> | undefined {
  const [code, setCode] = useState(() => component.loaded());
  // A load that failed (a redeploy removed the chunk, the server is down) is thrown in render, so
  // the route's error boundary handles it as it handles a screen's chunk: reload once, else say so.
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (code) return;
    let current = true;
    component.preload().then(
      () => {
        // A transition: React renders the part in short slices (a plain update rendered it in one task).
        if (current) startTransition(() => setCode(() => component.loaded()));
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [code, component]);
  if (failure) throw failure.error;
  return code;
}
