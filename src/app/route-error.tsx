import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/**
 * Shown when a screen throws or its code chunk fails to load (typically right after a new release:
 * the old chunk names are gone). Reloading fetches the current release.
 */
export function RouteError() {
  const error = useRouteError();
  const { t, ready } = useTranslation('common', { useSuspense: false });
  console.error(error);
  return (
    <Container maxW="lg" py="20">
      <Stack gap="4" align="flex-start" role="alert">
        <Heading as="h1" size="2xl">
          {ready ? t('routeError.title') : 'Something went wrong'}
        </Heading>
        <Text color="fg.muted">{ready ? t('routeError.description') : 'Please reload the page.'}</Text>
        <Button minH="11" onClick={() => window.location.reload()}>
          {ready ? t('routeError.reload') : 'Reload'}
        </Button>
      </Stack>
    </Container>
  );
}
