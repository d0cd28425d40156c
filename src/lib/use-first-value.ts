import { useState } from 'react';

/**
 * The first non-null `value` this component saw, kept from then on. A form starts from loaded data once:
 * a later refetch (the tab became visible, a save invalidated the read) or a failed one must not replace or
 * unmount what the host is typing.
 */
export function useFirstValue<T>(value: T | null): T | null {
  const [first, setFirst] = useState<T | null>(null);
  if (first !== null) return first;
  // Storing a value seen while rendering (React's "information from previous renders" pattern).
  if (value !== null) setFirst(value);
  return value;
}
