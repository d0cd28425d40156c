import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/page-spinner';
import { Navbar } from './navbar';

/** Every screen except the guest guide: the navbar above the page. */
export function RootLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <Navbar />
      <Box as="main" id="main" flex="1" minW="0">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}
