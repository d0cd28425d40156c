import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { PageSpinner } from '@/components/page-spinner';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App({ i18n }: { i18n: I18n }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider i18n={i18n}>
      <Suspense fallback={<PageSpinner minHeight="100dvh" />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
