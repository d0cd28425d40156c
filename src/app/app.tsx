import { Suspense, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { SystemContext } from '@chakra-ui/react';
import type { i18n as I18n } from 'i18next';
import { PageSpinner } from '@/components/page-spinner';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Everything around the router; the build renders the same frame with a static router (src/first-paint/app/prerender.tsx). */
export function AppShell({ i18n, system, children }: { i18n: I18n; system?: SystemContext; children: ReactNode }) {
  return (
    <AppProvider i18n={i18n} system={system}>
      <Suspense fallback={<PageSpinner minHeight="100dvh" />}>{children}</Suspense>
    </AppProvider>
  );
}

export function App({ i18n }: { i18n: I18n }) {
  const [router] = useState(createAppRouter);
  return (
    <AppShell i18n={i18n}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
