import type { LinkProps } from '@chakra-ui/react';

/** How a navbar link looks, the public links' and the host menu's alike: the current screen (`aria-current`) marked. */
export const navLinkStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '3',
  borderRadius: 'md',
  color: 'fg.muted',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { color: 'fg', bg: 'bg.muted', textDecoration: 'none' },
  css: { '&[aria-current=page]': { color: 'colorPalette.fg', bg: 'colorPalette.subtle' } },
} satisfies LinkProps;
