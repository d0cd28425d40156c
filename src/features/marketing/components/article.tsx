import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TitledText } from '../content';

/** A readable article: one h1, a lead paragraph and titled sections, at a comfortable line length. */
export function Article({
  title,
  lead,
  meta,
  sections,
  children,
}: {
  title: string;
  lead: string;
  meta?: string;
  sections: TitledText[];
  children?: ReactNode;
}) {
  return (
    <Container as="article" maxW="3xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Stack gap="3" mb="8">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
          {title}
        </Heading>
        {meta && (
          <Text color="fg.muted" textStyle="sm">
            {meta}
          </Text>
        )}
        <Text textStyle="lg" color="fg.muted" lineHeight="tall">
          {lead}
        </Text>
      </Stack>
      <Stack gap="7">
        {sections.map((section) => (
          <Stack as="section" gap="2" key={section.title}>
            <Heading as="h2" size="xl">
              {section.title}
            </Heading>
            <Text lineHeight="tall">{section.text}</Text>
          </Stack>
        ))}
      </Stack>
      {children}
    </Container>
  );
}
