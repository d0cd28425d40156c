import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An inline message announced to screen readers (role="alert"): errors red, successes green. */
export function StatusAlert({
  status = 'error',
  title,
  children,
}: {
  status?: 'error' | 'success' | 'info' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Alert.Root status={status} borderRadius="lg" role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
