import { Badge, Box, Button, Container, Flex, Grid, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { asList, testimonialAuthors, type Testimonial, type TitledText } from '../content';
import { demoGuide, demoGuidePath } from '../demo-guide';
import { demoGuideQr as qr } from '../demo-guide-qr';

/** Icons for the six feature blocks, in the order of `landing.features`. */
const featureIcons = [
  'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 20h1M17 20h1M20 17h1',
  'M5 12.55a11 11 0 0 1 14.08 0M1.42 9a16 16 0 0 1 21.16 0M8.53 16.11a6 6 0 0 1 6.95 0M12 20h.01',
  'M5 8l6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6',
  'M12 2v10M12 12l4-4M12 12 8 8M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5',
  'M12 2a10 10 0 1 0 0 20c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1.1.9-2 2-2h2.4A4.6 4.6 0 0 0 22 10.8C22 5.9 17.5 2 12 2zM7 11h.01M10 7h.01M15 7h.01',
  'M3 3v18h18M7 15l4-4 3 3 5-6',
];

function FeatureIcon({ path }: { path: string }) {
  return (
    <Flex boxSize="11" align="center" justify="center" borderRadius="lg" bg="colorPalette.subtle" color="colorPalette.fg" aria-hidden>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </Flex>
  );
}

/** A room card like the ones hosts print, with a real code: it opens the demo guide. */
function DemoRoomCard() {
  const { t } = useTranslation('marketing');
  // Four modules of white around the code, as scanners expect.
  const quiet = 4;
  return (
    <Box bg="bg.panel" borderRadius="2xl" boxShadow="lg" p="6" maxW="xs" w="full" mx="auto" borderWidth="1px">
      <Text fontWeight="semibold" textStyle="lg">
        {demoGuide.roomName}
      </Text>
      <Text color="fg.muted" textStyle="sm" mb="4">
        {demoGuide.roomNumber}
      </Text>
      <Box bg="white" borderRadius="lg" borderWidth="1px">
        <svg
          viewBox={`${-quiet} ${-quiet} ${qr.size + 2 * quiet} ${qr.size + 2 * quiet}`}
          width="100%"
          shapeRendering="crispEdges"
          role="img"
          aria-label={t('landing.demoQrLabel')}
        >
          <path d={qr.path} fill="#1a202c" />
        </svg>
      </Box>
      <Text mt="4" textAlign="center" fontWeight="medium" color="colorPalette.fg">
        {t('landing.cardCaption')}
      </Text>
      <Text mt="1" textAlign="center" textStyle="sm">
        <Link href={demoGuidePath} color="colorPalette.fg" fontWeight="medium">
          {t('landing.demoLink')}
        </Link>
      </Text>
    </Box>
  );
}

export default function LandingPage() {
  const { t } = useTranslation('marketing');
  const features = asList<TitledText>(t('landing.features', { returnObjects: true }));
  const steps = asList<TitledText>(t('landing.steps', { returnObjects: true }));
  const testimonials = asList<Testimonial>(t('landing.testimonials', { returnObjects: true }));
  const pricingPoints = asList<string>(t('landing.pricingPoints', { returnObjects: true }));

  return (
    <Box>
      <Box as="section" bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg.canvas">
        <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '20' }}>
          <Grid templateColumns={{ base: '1fr', md: '1.3fr 1fr' }} gap={{ base: '10', md: '12' }} alignItems="center">
            <Stack gap="5">
              <Badge alignSelf="flex-start" size="lg" variant="surface">
                {t('landing.eyebrow')}
              </Badge>
              <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight" lineHeight="1.1">
                {t('landing.title')}
              </Heading>
              <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="tall">
                {t('landing.subtitle')}
              </Text>
              <Flex gap="3" wrap="wrap">
                <Button asChild size="xl" minH="12">
                  <RouterLink to={paths.register}>{t('landing.ctaRegister')}</RouterLink>
                </Button>
                <Button asChild size="xl" minH="12" variant="outline" bg="bg.panel">
                  <RouterLink to={paths.qrInfo}>{t('landing.ctaLearn')}</RouterLink>
                </Button>
              </Flex>
              <Text color="fg.muted">
                {t('landing.signInPrompt')}{' '}
                <Link asChild color="colorPalette.fg" fontWeight="semibold" minH="11" display="inline-flex" alignItems="center">
                  <RouterLink to={paths.login}>{t('landing.signIn')}</RouterLink>
                </Link>
              </Text>
            </Stack>
            <DemoRoomCard />
          </Grid>
        </Container>
      </Box>

      <Container as="section" maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }}>
        <Heading as="h2" size={{ base: '2xl', md: '3xl' }} mb="8" maxW="3xl">
          {t('landing.featuresTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {features.map((feature, index) => (
            <Stack key={feature.title} gap="3" bg="bg.panel" p="6" borderRadius="xl" borderWidth="1px">
              <FeatureIcon path={featureIcons[index % featureIcons.length]} />
              <Heading as="h3" size="lg">
                {feature.title}
              </Heading>
              <Text color="fg.muted" lineHeight="tall">
                {feature.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container as="section" maxW="6xl" px={{ base: '4', md: '8' }} pb={{ base: '10', md: '16' }}>
        <Heading as="h2" size={{ base: '2xl', md: '3xl' }} mb="8">
          {t('landing.stepsTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {steps.map((step, index) => (
            <Flex key={step.title} gap="4" align="flex-start">
              <Flex
                boxSize="10"
                flexShrink={0}
                borderRadius="full"
                bg="colorPalette.solid"
                color="colorPalette.contrast"
                align="center"
                justify="center"
                fontWeight="bold"
              >
                {index + 1}
              </Flex>
              <Stack gap="1">
                <Heading as="h3" size="md">
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.text}</Text>
              </Stack>
            </Flex>
          ))}
        </SimpleGrid>
      </Container>

      <Box as="section" bg="bg.panel" borderYWidth="1px">
        <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }}>
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }} mb="8">
            {t('landing.testimonialsTitle')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            {testimonials.map((testimonial, index) => (
              <Stack as="figure" key={testimonial.role} gap="4" p="6" borderRadius="xl" bg="bg.canvas" borderWidth="1px">
                <Text as="blockquote" textStyle="lg" lineHeight="tall">
                  “{testimonial.quote}”
                </Text>
                <Box as="figcaption">
                  <Text fontWeight="semibold">{testimonialAuthors[index]}</Text>
                  <Text color="fg.muted" textStyle="sm">
                    {testimonial.role}
                  </Text>
                </Box>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }}>
        <Stack align="center" textAlign="center" gap="6">
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }}>
            {t('landing.pricingTitle')}
          </Heading>
          <Stack
            gap="5"
            bg="bg.panel"
            borderRadius="2xl"
            borderWidth="2px"
            borderColor="colorPalette.solid"
            p={{ base: '6', md: '10' }}
            w="full"
            maxW="md"
            data-testid="pricing"
          >
            <Box>
              <Text fontSize={{ base: '5xl', md: '6xl' }} fontWeight="bold" lineHeight="1">
                {t('landing.price')}
              </Text>
              <Text color="fg.muted" textStyle="lg">
                {t('landing.priceUnit')}
              </Text>
            </Box>
            <List.Root gap="2" variant="plain" align="center" alignSelf="center" textAlign="start">
              {pricingPoints.map((point) => (
                <List.Item key={point}>
                  <List.Indicator asChild color="colorPalette.solid">
                    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden>
                      <path d="M20 6 9 17l-5-5" />
                    </svg>
                  </List.Indicator>
                  {point}
                </List.Item>
              ))}
            </List.Root>
            <Button asChild size="xl" minH="12">
              <RouterLink to={paths.register}>{t('landing.pricingCta')}</RouterLink>
            </Button>
            <Text textStyle="sm" color="fg.muted">
              {t('landing.pricingNote')}
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
