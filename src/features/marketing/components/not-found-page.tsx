/** Placeholder from the app skeleton; the host-screens engineer replaces this screen. */
import { Container, Heading, Text } from '@chakra-ui/react';

export default function NotFoundPage() {
  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} py="8">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted" mt="2">
        Coming soon.
      </Text>
    </Container>
  );
}
