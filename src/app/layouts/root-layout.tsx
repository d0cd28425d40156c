import { Box, Flex, Link } from '@chakra-ui/react';
import { Suspense, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { ConnectionNote } from '@/components/connection-note';
import { PageSpinner } from '@/components/page-spinner';
import { markHydrated } from '../../first-paint/app/hydration';
import { useRememberPage } from '../../first-paint/app/page-cache-client';
import { releaseDashboardCopy } from '@/first-paint/dashboard/copy';
import { paths } from '@/lib/paths';
import { Navbar } from './navbar';
import { SiteFooter } from './site-footer';

/**
 * Inside the page's Suspense boundary, so it runs once the page itself is hydrated; a layout effect, so what the
 * visitor typed before is back before the next paint.
 */
function HydrationMarker() {
  useLayoutEffect(markHydrated, []);
  return null;
}

/** Every screen except the guest guide: the navbar above the page, and on public pages a footer below it. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  useRememberPage();
  // The property list kept from the last visit stands in for the list only (property-list-page.tsx hands over);
  // any other screen (a sign-in page after an expired session, say) shows at once.
  useLayoutEffect(() => {
    if (pathname.replace(/\/+$/, '') !== paths.dashboard) releaseDashboardCopy();
  }, [pathname]);
  const inDashboard = pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
  return (
    <Flex direction="column" minH="100dvh">
      <Link
        href="#main"
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipNav"
        px="4"
        py="3"
        bg="bg.panel"
        borderRadius="md"
        boxShadow="md"
        _focusVisible={{ top: '4' }}
      >
        {t('nav.skipToContent')}
      </Link>
      {/* A new screen opens at its top (not at the height the last one was scrolled to); back and forward return to
          where the visitor was. */}
      <ScrollRestoration />
      <Navbar />
      <ConnectionNote />
      <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" outline="none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <HydrationMarker />
        </Suspense>
      </Box>
      {!inDashboard && <SiteFooter />}
    </Flex>
  );
}
