import { Card, Heading } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * The app's card: white surface, soft border and shadow, generous padding. `title` renders a card
 * heading; `footer` holds the card's actions.
 */
export function ContentCard({
  title,
  footer,
  children,
  ...rootProps
}: { title?: ReactNode; footer?: ReactNode; children?: ReactNode } & ComponentProps<typeof Card.Root>) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" boxShadow="xs" {...rootProps}>
      {title && (
        <Card.Header pb="0">
          <Heading as="h2" size="lg" fontWeight="semibold">
            {title}
          </Heading>
        </Card.Header>
      )}
      <Card.Body gap="4">{children}</Card.Body>
      {footer && (
        <Card.Footer gap="3" flexWrap="wrap">
          {footer}
        </Card.Footer>
      )}
    </Card.Root>
  );
}
