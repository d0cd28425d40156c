import { useAuth } from '@/lib/session';
import { useStoredSessionHint } from '../../first-paint/app/hydration';

/**
 * True for a signed-out visitor. Pages made at build time are made for visitors, so this is true until auth is
 * known, unless a session is stored (a returning host): then the visitors' links wait for auth (and the boot script's
 * CSS hides them, `data-visitor-only`, from the first paint).
 */
export function useIsVisitor(): boolean {
  const { user, initialized } = useAuth();
  const maybeSignedIn = useStoredSessionHint();
  return !user && (initialized || !maybeSignedIn);
}
