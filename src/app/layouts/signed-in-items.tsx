/**
 * The navbar's items for a signed-in host: the plan button, the email and Sign Out. Its own chunk, loaded only
 * once someone is signed in, so a visitor's page loads neither supabase-js nor the profile query.
 */
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import { signOut } from '@/features/auth/api/sign-out';
import { toaster } from '@/components/toaster';
import { useProfile } from '@/lib/data/queries';
import { paths } from '@/lib/paths';
import { planLabelKey } from '../plan-label';

interface SignedInItemsProps {
  user: User;
  withEmail: boolean;
  /** Closes the mobile menu. */
  onNavigate: () => void;
}

export default function SignedInItems({ user, withEmail, onNavigate }: SignedInItemsProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { profile, loaded: profileLoaded } = useProfile();
  const planLabel = profileLoaded ? planLabelKey(profile?.plan ?? null) : null;
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // supabase-js has cleared the local session even if the server call failed
      toaster.create({ type: 'warning', title: t('nav.signOutOffline') });
    } finally {
      setSigningOut(false);
      onNavigate();
      navigate(paths.login);
    }
  };

  return (
    <>
      <Button asChild size="md" minH="11" variant={planLabel && planLabel !== 'nav.plan.subscribe' ? 'subtle' : 'solid'} data-testid="plan-button">
        <RouterLink to={paths.subscription} onClick={onNavigate}>
          {t(planLabel ?? 'nav.plan.label')}
        </RouterLink>
      </Button>
      {withEmail && (
        <Text as="span" color="fg.muted" textStyle="sm" maxW={{ lg: '14rem' }} truncate title={user.email ?? undefined} data-testid="navbar-email">
          {user.email}
        </Text>
      )}
      <Button size="md" minH="11" variant="outline" onClick={handleSignOut} loading={signingOut}>
        {t('nav.signOut')}
      </Button>
    </>
  );
}
