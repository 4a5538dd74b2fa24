import { type ComponentType, lazy } from 'react';

/** A component whose code loads on demand, with the function that starts loading it early. */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
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
  return Object.assign(LazyLoaded, { preload: loadAndKeep });
}
