/**
 * /dashboard/subscription. Without a subscription: 'Choose Your Plan' with the plans from
 * products/prices, a room count and Subscribe (→ Stripe Checkout). With one: the current plan, rooms,
 * status and renewal date and Manage subscription (→ Stripe Billing Portal). Back from Checkout
 * (`?checkout=success`) it shows "Confirming your payment" and polls until the webhook has set the plan.
 */
import { Button, Spinner, Stack, Text, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { isApiError } from '@/lib/data/api-error';
import { useLiveState } from '@/lib/data/live-updates';
import { useCurrentTeam, useProfile, useSubscription } from '@/lib/current-team';
import { useAuth } from '@/lib/session';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPortalSession } from '../api/create-portal-session';
import { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';
import { usePortalReturn } from '../hooks/use-portal-return';
import { plansQuery } from '../queries';
import { redirectTo } from '../redirect';
import type { Plan } from '../types';
import { CurrentPlanCard } from './current-plan-card';
import { PlanPicker } from './plan-picker';

type Problem = { key: string; detail?: string } | null;

export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkoutResult = searchParams.get('checkout');
  const waitingForWebhook = checkoutResult === 'success';

  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const [openingPortal, setOpeningPortal] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  // A failed plan load is only logged (the query's meta) and shows as "no plans".
  const plansResult = useQuery(plansQuery);
  const plans = plansResult.isPending ? null : (plansResult.data ?? []);

  // Until the webhook has landed (or back from the portal) the subscription and profile are polled; the
  // navbar reads the same cache, so its plan label follows. Otherwise they refetch when the tab shows again.
  // Polling ends once confirmed: the address then says `checkout=confirmed` (below).
  const confirmation = useCheckoutConfirmation(waitingForWebhook);
  const clearPortalMarker = useCallback(() => setSearchParams({}, { replace: true }), [setSearchParams]);
  const portalInterval = usePortalReturn(searchParams.get('portal') === 'return', clearPortalMarker);
  // With Realtime live the webhook's rows arrive as changes (src/lib/data/live-updates.ts); polling is the fallback.
  const live = useLiveState() === 'live';
  const refetchInterval = live ? false : confirmation.refetchInterval || portalInterval;
  const { subscription, loaded: subscriptionLoaded, query: subscriptionResult } = useSubscription({ refetchInterval });
  const { profile, query: profileResult } = useProfile({ refetchInterval });
  // The route opens for the team's owners only (src/app/router.tsx), once the teams are known.
  const teamId = useCurrentTeam().team?.id ?? '';

  // Confirmed once the webhook has set both the subscription and the room limit it grants.
  const confirmed = subscription !== null && subscription.entitled && profile !== null && profile.qr_code_limit === subscription.quantity;

  // Once confirmed, drop the session id from the address (a reload must not wait again) but keep the message.
  useEffect(() => {
    if (waitingForWebhook && confirmed) setSearchParams({ checkout: 'confirmed' }, { replace: true });
  }, [waitingForWebhook, confirmed, setSearchParams]);
  const justConfirmed = checkoutResult === 'confirmed';

  const checkAgain = () => {
    confirmation.retry();
    void subscriptionResult.refetch();
    void profileResult.refetch();
  };

  async function subscribe(plan: Plan, rooms: number) {
    setProblem(null);
    if (!user) {
      setProblem({ key: 'mustBeLoggedIn' });
      return;
    }
    setBusyPriceId(plan.priceId);
    try {
      const url = await createCheckoutSession(teamId, plan.priceId, rooms);
      redirectTo(url);
    } catch (error) {
      console.error('Failed to redirect to Stripe', error);
      if (isApiError(error, 'not_logged_in')) setProblem({ key: 'mustBeLoggedIn' });
      else if (isApiError(error, 'already_subscribed')) setProblem({ key: 'alreadySubscribed' });
      else if (isApiError(error, 'not_owner')) setProblem({ key: 'notOwner' });
      else setProblem({ key: 'redirectFailed' });
      setBusyPriceId(null);
    }
  }

  async function manage() {
    setProblem(null);
    setOpeningPortal(true);
    try {
      redirectTo(await createPortalSession(teamId));
    } catch (error) {
      console.error('Failed to open the billing portal', error);
      setProblem({ key: isApiError(error, 'not_owner') ? 'notOwner' : 'portalFailed' });
      setOpeningPortal(false);
    }
  }

  // `ongoing` is the database's: a subscription to manage rather than a plan to choose.
  const hasSubscription = subscription !== null && subscription.ongoing;
  const confirming = waitingForWebhook && !confirmed;

  let body;
  if (!subscriptionLoaded && !confirming) {
    body = <PageSpinner minHeight="30vh" />;
  } else if (confirming) {
    body = (
      <ContentCard data-testid="confirming-payment" maxW={{ md: 'xl' }}>
        {confirmation.timedOut ? (
          <Stack gap="3" role="status">
            <Text textStyle="xl" fontWeight="semibold">
              {t('confirmingSlowTitle')}
            </Text>
            <Text color="fg.muted">{t('confirmingSlowText')}</Text>
            <Button alignSelf="flex-start" variant="outline" onClick={checkAgain}>
              {t('checkAgain')}
            </Button>
          </Stack>
        ) : (
          <HStack gap="4" align="flex-start" role="status" aria-live="polite">
            <Spinner size="lg" color="colorPalette.solid" flexShrink={0} />
            <Stack gap="1">
              <Text textStyle="xl" fontWeight="semibold">
                {t('confirmingTitle')}
              </Text>
              <Text color="fg.muted">{t('confirmingText')}</Text>
            </Stack>
          </HStack>
        )}
      </ContentCard>
    );
  } else if (hasSubscription && subscription) {
    body = (
      <CurrentPlanCard
        subscription={subscription}
        plan={plans?.find((plan) => plan.priceId === subscription.price_id)}
        profile={profile}
        openingPortal={openingPortal}
        onManage={() => void manage()}
      />
    );
  } else if (plans === null) {
    body = <PageSpinner minHeight="30vh" label={t('loadingPlans')} />;
  } else if (plans.length === 0) {
    body = <StatusAlert status="info">{t('noPlans')}</StatusAlert>;
  } else {
    body = <PlanPicker plans={plans} busyPriceId={busyPriceId} onSubscribe={(plan, rooms) => void subscribe(plan, rooms)} />;
  }

  return (
    <Stack gap="6">
      <PageHeader title={hasSubscription ? t('subscribedTitle') : t('title')} description={hasSubscription ? t('subscribedSubtitle') : t('subtitle')} />
      {problem && <StatusAlert status="error">{t(problem.key)}</StatusAlert>}
      {checkoutResult === 'cancelled' && !hasSubscription && <StatusAlert status="info">{t('checkoutCancelled')}</StatusAlert>}
      {justConfirmed && subscription && (
        <StatusAlert status="success" title={t('confirmedTitle')}>
          {t('confirmedText', { plan: t(`planName.${subscription.plan_type ?? 'other'}`), rooms: subscription.quantity ?? 0 })}
        </StatusAlert>
      )}
      {subscription?.status === 'canceled' && !confirming && <StatusAlert status="info">{t('canceledNote')}</StatusAlert>}
      {body}
    </Stack>
  );
}
