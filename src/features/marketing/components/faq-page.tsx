import { Accordion, Container, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { asList, type FaqItem } from '../content';

export default function FaqPage() {
  const { t } = useTranslation('marketing');
  const items = asList<FaqItem>(t('faq.items', { returnObjects: true }));
  return (
    <Container maxW="3xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Stack gap="3" mb="8">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
          {t('faq.title')}
        </Heading>
        <Text textStyle="lg" color="fg.muted">
          {t('faq.lead')}
        </Text>
      </Stack>
      <Accordion.Root collapsible multiple variant="enclosed" bg="bg.panel" defaultValue={['0']}>
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={String(index)}>
            <Accordion.ItemTrigger minH="14" py="3" cursor="pointer">
              <Span flex="1" fontWeight="semibold" textAlign="start">
                {item.question}
              </Span>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Text lineHeight="tall">{item.answer}</Text>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Container>
  );
}
