import { createElement, lazy, type ComponentType } from 'react';

export type LazyPage<Props extends object = object> = ComponentType<Props> & { preload: () => Promise<void> };

/**
 * A page (or a part of one) in its own chunk, like React.lazy, that can be loaded before React renders it. Once
 * loaded it renders at once, without suspending: a page made at build time hydrates in one pass, and the dashboard's
 * nested screens do not wait for React's Suspense reveal throttle one after another.
 */
export function lazyPage<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null; // a failed chunk can be tried again (the route's error boundary offers a reload)
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  function Page(props: Props) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Page, { preload });
}
