import { Box, Flex, Link } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/page-spinner';
import { Navbar } from './navbar';

/** Every screen except the guest guide: the navbar above the page. */
export function RootLayout() {
  const { t } = useTranslation('common');
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
      <Navbar />
      <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" outline="none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}
