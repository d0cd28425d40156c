import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** An in-app text link in the accent colour, tall enough to tap. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="colorPalette.fg" fontWeight="medium" display="inline-flex" alignItems="center" minH="11">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
