import { Box, Button, Flex, HStack, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/session';
import { lazyPage } from '../lazy-page';
import { paths } from '@/lib/paths';
import { LanguageSwitcher } from './language-switcher';
import { navLinkStyle } from './nav-link-style';
import type { HostMenuProps } from './signed-in-items';
import { useIsVisitor } from './use-is-visitor';
import { VISITOR_ONLY_ATTRIBUTE } from '@/first-paint/contract';

// Loadable ahead of rendering: the build renders the dashboard with it (src/first-paint/app/prerender.tsx).
/** Visitors' links, hidden by CSS from a returning host's first paint (index.html). */
const visitorOnly = { [VISITOR_ONLY_ATTRIBUTE]: '' };

export const SignedInItems = lazyPage(() => import('./signed-in-items'));
/** In the same chunk as the account items. */
export const HostMenu = lazyPage<HostMenuProps>(() => import('./signed-in-items').then((module) => ({ default: module.HostMenu })));

/** Both parts of a signed-in navbar, loaded before it renders (the dashboard's first paint, the prerendered template). */
export function preloadSignedInNavbar(): Promise<void> {
  return Promise.all([SignedInItems.preload(), HostMenu.preload()]).then(() => undefined);
}

/** The navbar, as the anchor its menu is placed under. */
const NAVBAR_ANCHOR = '--rg-navbar';

export function Logo() {
  return (
    <HStack gap="2" color="fg">
      <Box
        as="span"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="9"
        borderRadius="lg"
        bg="colorPalette.solid"
        color="colorPalette.contrast"
        aria-hidden
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="3" width="7" height="7" rx="1" />
          <rect x="14" y="3" width="7" height="7" rx="1" />
          <rect x="3" y="14" width="7" height="7" rx="1" />
          <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
        </svg>
      </Box>
      <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="tight">
        RoomGuide
      </Text>
    </HStack>
  );
}

function NavItem({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate?: () => void }) {
  return (
    <Link asChild {...navLinkStyle}>
      <NavLink to={to} onClick={onNavigate}>
        {children}
      </NavLink>
    </Link>
  );
}

/** Both of the menu button's icons: its `aria-expanded` shows one (menuButtonIcons), also before the app is live. */
function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <path data-menu-icon="closed" d="M4 7h16M4 12h16M4 17h16" />
      <path data-menu-icon="open" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

const menuButtonIcons = {
  '&[aria-expanded=true] [data-menu-icon=closed], &:not([aria-expanded=true]) [data-menu-icon=open]': { display: 'none' },
};

/**
 * The phone menu is the platform's popover, opened by its button's `popovertarget`: it opens at a tap as soon as the
 * page is painted, before the app's code has arrived (issue 31), and closes at a tap outside or Escape. The boot
 * script (src/first-paint/app/boot-script.ts) lets that tap through and keeps the button's `aria-expanded` until the
 * app is live; then this state follows the popover's own.
 */
function usePopoverMenu() {
  const menuRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    setMenuOpen(isPopoverOpen(menu)); // opened before the page was live
    // Before it shows: what it holds is rendered by the time it is painted open.
    const follow = (event: Event) => setMenuOpen((event as ToggleEvent).newState === 'open');
    menu.addEventListener('beforetoggle', follow);
    return () => menu.removeEventListener('beforetoggle', follow);
  }, []);
  const closeMenu = () => menuRef.current?.togglePopover?.(false);
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    menuRef.current?.togglePopover?.(false);
  }, [pathname]);
  return { menuRef, menuOpen, closeMenu };
}

function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false; // a browser without popovers: the menu stays closed
  }
}

/**
 * The navigation bar of every screen (docs/product-spec.md §2). Links collapse into a menu below 1024 px. A signed-in
 * host also has their own menu: a second row from tablets up, the top of the menu on phones.
 */
export function Navbar() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { menuRef, menuOpen, closeMenu } = usePopoverMenu();
  const menuId = useId();

  const publicLinks = (
    <>
      <NavItem to={paths.qrInfo} onNavigate={closeMenu}>
        {t('nav.qrInfo')}
      </NavItem>
      <NavItem to={paths.faq} onNavigate={closeMenu}>
        {t('nav.faq')}
      </NavItem>
      <NavItem to={paths.contact} onNavigate={closeMenu}>
        {t('nav.contact')}
      </NavItem>
      <NavItem to={paths.privacy} onNavigate={closeMenu}>
        {t('nav.privacy')}
      </NavItem>
    </>
  );

  const showVisitorLinks = useIsVisitor() && pathname !== paths.home;

  const renderAccountItems = ({ withEmail }: { withEmail: boolean }) =>
    user ? (
      <Suspense fallback={null}>
        <SignedInItems user={user} withEmail={withEmail} onNavigate={closeMenu} />
      </Suspense>
    ) : showVisitorLinks ? (
      <>
        <Button asChild size="md" minH="11" variant="ghost" {...visitorOnly}>
          <RouterLink to={paths.login} onClick={closeMenu}>
            {t('nav.login')}
          </RouterLink>
        </Button>
        <Button asChild size="md" minH="11" variant="solid" {...visitorOnly}>
          <RouterLink to={paths.register} onClick={closeMenu}>
            {t('nav.register')}
          </RouterLink>
        </Button>
      </>
    ) : null;
  const accountItems = renderAccountItems({ withEmail: true });
  // A visitor's menu is in the page from the start: it may open before the app is live. A host's, on screens the app
  // renders, only while it is open (less to render on every screen).
  const menuContentShown = menuOpen || !user;

  return (
    <Box
      as="header"
      css={{ anchorName: NAVBAR_ANCHOR }}
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg.panel/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Flex as="nav" aria-label={t('nav.main')} maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} minH="16" align="center" gap="3">
        <Link
          asChild
          aria-label={t('nav.home')}
          minH="11"
          display="inline-flex"
          alignItems="center"
          textDecoration="none"
          _hover={{ textDecoration: 'none' }}
          flexShrink={0}
        >
          <RouterLink to={paths.home}>
            <Logo />
          </RouterLink>
        </Link>
        <HStack gap="1" ml="4" hideBelow="lg">
          {publicLinks}
        </HStack>
        <HStack gap="3" ml="auto" hideBelow="lg" minW="0">
          {accountItems}
          <LanguageSwitcher />
        </HStack>
        <HStack ml="auto" gap="2" hideFrom="lg">
          {/* Tablets keep the account actions in reach; the email stays in the menu. */}
          <HStack gap="2" hideBelow="md">
            {renderAccountItems({ withEmail: false })}
          </HStack>
          <Box hideBelow="sm">
            <LanguageSwitcher />
          </Box>
          <Button
            variant="ghost"
            size="md"
            minW="11"
            minH="11"
            px="2"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            popoverTarget={menuId}
            // The boot script may have set aria-expanded before the app was live; the effect above catches up.
            suppressHydrationWarning
            css={menuButtonIcons}
          >
            <MenuIcon />
            <VisuallyHidden>{t('nav.menu')}</VisuallyHidden>
          </Button>
        </HStack>
      </Flex>
      {user && (
        <Box hideBelow="md" borderTopWidth="1px" borderColor="border.muted" data-host-menu-row="">
          <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="1">
            <Suspense fallback={null}>
              <HostMenu user={user} inMenu={false} onNavigate={closeMenu} />
            </Suspense>
          </Box>
        </Box>
      )}
      {/* Rendered closed with the page, so that it opens before the app is live; no `display` of its own, which would
          show it closed. Below the navbar's bottom edge where the browser can anchor it, else below its first row. */}
      <Box
        id={menuId}
        ref={menuRef}
        popover="auto"
        hideFrom="lg"
        position="fixed"
        inset="auto"
        top="16"
        left="0"
        right="0"
        width="100%"
        maxW="none"
        maxH="calc(100dvh - var(--chakra-sizes-16))"
        overflowY="auto"
        m="0"
        p="0"
        bg="bg.panel"
        color="fg"
        borderWidth="0"
        borderTopWidth="1px"
        borderBottomWidth="1px"
        borderColor="border.muted"
        boxShadow="md"
        css={{ '@supports (top: anchor(bottom))': { positionAnchor: NAVBAR_ANCHOR, top: 'anchor(bottom)', maxHeight: 'calc(100dvh - anchor-size(height))' } }}
      >
        {menuContentShown && (
          <Box px="4" pt="2" pb="4">
            <Stack gap="1" maxW="7xl" mx="auto">
              {user && (
                <Box hideFrom="md" pb="2" mb="1" borderBottomWidth="1px" borderColor="border.muted">
                  <Suspense fallback={null}>
                    <HostMenu user={user} inMenu onNavigate={closeMenu} />
                  </Suspense>
                </Box>
              )}
              <Stack gap="0" css={{ '& > a': { width: '100%' } }}>
                {publicLinks}
              </Stack>
              {accountItems && (
                <Stack gap="3" pt="3" mt="2" borderTopWidth="1px" borderColor="border.muted" css={{ '& > a, & > button': { width: '100%' } }}>
                  {accountItems}
                </Stack>
              )}
              <Box pt="3" hideFrom="sm">
                <LanguageSwitcher width="100%" />
              </Box>
            </Stack>
          </Box>
        )}
      </Box>
    </Box>
  );
}
