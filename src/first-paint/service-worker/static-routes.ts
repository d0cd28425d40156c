/// <reference lib="webworker" />
/**
 * Chromium's service-worker static routing (InstallEvent.addRoutes, not yet in TypeScript's lib): rules the browser
 * applies itself, without starting the worker. The worker registers all its rules in one call at install.
 */
declare const self: ServiceWorkerGlobalScope;

export interface RouterRule {
  condition: { urlPattern?: { pathname: string }; requestMode?: RequestMode; runningStatus?: 'running' | 'not-running' };
  source: 'cache' | 'network' | 'fetch-event' | 'race-network-and-fetch-handler' | { cacheName: string };
}

type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

/** Registers `rules` when the worker installs, in browsers that have static routing; others ignore them. */
export function addStaticRoutes(rules: RouterRule[]): void {
  self.addEventListener('install', (event) => {
    const addRoutes = (event as InstallEventWithRoutes).addRoutes;
    if (!addRoutes) return;
    event.waitUntil(addRoutes.call(event, rules).catch((error: unknown) => console.warn('Static routes not registered', error)));
  });
}
