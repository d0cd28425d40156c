import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/**
 * The top of every screen: one h1, an optional line under it and the screen's main actions on the
 * right (they wrap under the title on a phone). A plain-text title also becomes the tab title.
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <Flex
      gap="4"
      mb={{ base: '6', md: '8' }}
      align={{ base: 'stretch', sm: 'flex-end' }}
      justify="space-between"
      wrap="wrap"
      direction={{ base: 'column', sm: 'row' }}
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold" letterSpacing="tight" overflowWrap="anywhere">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" textStyle="md">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Flex gap="3" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
