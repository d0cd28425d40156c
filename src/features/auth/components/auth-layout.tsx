import { Box, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the sign-in screens: one centred card with a title, a short line and the form. */
export function AuthLayout({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box py={{ base: '8', md: '16' }} px="4">
      <Container maxW="md" px="0">
        <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" boxShadow="sm">
          <Card.Body p={{ base: '6', md: '8' }} gap="6">
            <Stack gap="2">
              <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="tight">
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
            </Stack>
            {children}
          </Card.Body>
        </Card.Root>
        {footer && (
          <Box mt="6" textAlign="center" color="fg.muted">
            {footer}
          </Box>
        )}
      </Container>
    </Box>
  );
}
