import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './navbar';
import { useIsVisitor } from './use-is-visitor';
import { VISITOR_ONLY_ATTRIBUTE } from '@/first-paint/contract';

function FooterLink({ to, children, visitorOnly }: { to: string; children: ReactNode; visitorOnly?: boolean }) {
  return (
    <Link
      asChild
      display="inline-flex"
      alignItems="center"
      minH="11"
      color="fg.muted"
      _hover={{ color: 'fg' }}
      {...(visitorOnly ? { [VISITOR_ONLY_ATTRIBUTE]: '' } : {})}
    >
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** The public pages' footer: the information pages, sign-in for returning hosts, and the language. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  const isVisitor = useIsVisitor();
  return (
    <Box as="footer" bg="bg.panel" borderTopWidth="1px" borderColor="border.muted">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between" align={{ base: 'flex-start', md: 'center' }}>
          <Stack gap="2" maxW="sm">
            <Logo />
            <Text color="fg.muted" textStyle="sm">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Box as="nav" aria-label={t('footer.label')}>
            <HStack as="ul" listStyleType="none" gap={{ base: '1', sm: '5' }} flexWrap="wrap" columnGap="5">
              <li>
                <FooterLink to={paths.faq}>{t('nav.faq')}</FooterLink>
              </li>
              <li>
                <FooterLink to={paths.contact}>{t('nav.contact')}</FooterLink>
              </li>
              <li>
                <FooterLink to={paths.privacy}>{t('nav.privacy')}</FooterLink>
              </li>
              {isVisitor && (
                <li>
                  <FooterLink to={paths.login} visitorOnly>
                    {t('footer.signIn')}
                  </FooterLink>
                </li>
              )}
            </HStack>
          </Box>
          <LanguageSwitcher />
        </Flex>
      </Container>
    </Box>
  );
}
