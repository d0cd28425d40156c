import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Provider as JotaiProvider, store } from '@/lib/jotai';
import { queryClient } from '@/lib/data/query-client';
import { Toaster } from '@/components/toaster';
import { ConfirmDialogHost } from '@/components/confirm-dialog';
import { providedSystem } from './theme';

/** Everything a screen relies on: design system, the Jotai store, the server-state cache, i18n, toasts and the confirm dialog. */
export function AppProvider({ i18n, system = providedSystem, children }: { i18n: I18n; system?: SystemContext; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            {children}
            <Toaster />
            <ConfirmDialogHost />
          </I18nextProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </ChakraProvider>
  );
}
