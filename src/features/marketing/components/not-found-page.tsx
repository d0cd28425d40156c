import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation('marketing');
  return (
    <Center minH="60vh" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="colorPalette.solid" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          {t('notFound.title')}
        </Heading>
        <Text color="fg.muted">{t('notFound.text')}</Text>
        <Button asChild size="lg" minH="11">
          <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
