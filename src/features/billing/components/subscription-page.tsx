/**
 * /dashboard/subscription. Without a subscription: 'Choose Your Plan' with the plans from
 * products/prices, a room count and Subscribe (→ Stripe Checkout). With one: the current plan, rooms,
 * status and renewal date and Manage subscription (→ Stripe Billing Portal). Back from Checkout
 * (`?checkout=success`) it shows "Confirming your payment" and polls until the webhook has set the plan.
 */
import { Button, Spinner, Stack, Text, HStack } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { useAuth, useProfile, useSubscription } from '@/lib/session';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPortalSession } from '../api/create-portal-session';
import { listPlans } from '../api/list-plans';
import { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';
import { usePortalReturn } from '../hooks/use-portal-return';
import { redirectTo } from '../redirect';
import { BillingError, type Plan } from '../types';
import { CurrentPlanCard } from './current-plan-card';
import { PlanPicker } from './plan-picker';

/** Statuses in which the host has a subscription to manage rather than a plan to choose. */
const manageableStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

type Problem = { key: string; detail?: string } | null;

export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const { user } = useAuth();
  const { subscription, loaded: subscriptionLoaded, refresh: refreshSubscription } = useSubscription();
  const { profile, refresh: refreshProfile } = useProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkoutResult = searchParams.get('checkout');

  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const [openingPortal, setOpeningPortal] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const refreshAccount = useCallback(async () => {
    await Promise.all([refreshSubscription(), refreshProfile()]);
  }, [refreshSubscription, refreshProfile]);

  // The plan may have changed in the Billing Portal or another tab: re-read it on arrival and on return.
  useEffect(() => {
    void refreshAccount();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshAccount();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshAccount]);

  useEffect(() => {
    let cancelled = false;
    listPlans()
      .then((loaded) => {
        if (!cancelled) setPlans(loaded);
      })
      .catch((error: unknown) => {
        console.error('Failed to load plans', error); // spec §8: plan load failures are only logged
        if (!cancelled) setPlans([]);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const active = subscription !== null && (subscription.status === 'active' || subscription.status === 'trialing');
  // Confirmed once the webhook has set both the subscription and the room limit it grants.
  const confirmed = active && profile !== null && profile.qr_code_limit === (subscription?.quantity ?? -1);
  const waitingForWebhook = checkoutResult === 'success';
  const { timedOut, retry } = useCheckoutConfirmation(waitingForWebhook, confirmed, refreshAccount);

  // Once confirmed, drop the session id from the address (a reload must not wait again) but keep the message.
  useEffect(() => {
    if (waitingForWebhook && confirmed) setSearchParams({ checkout: 'confirmed' }, { replace: true });
  }, [waitingForWebhook, confirmed, setSearchParams]);
  const justConfirmed = checkoutResult === 'confirmed';

  const clearPortalMarker = useCallback(() => setSearchParams({}, { replace: true }), [setSearchParams]);
  usePortalReturn(searchParams.get('portal') === 'return', refreshAccount, clearPortalMarker);

  async function subscribe(plan: Plan, rooms: number) {
    setProblem(null);
    if (!user) {
      setProblem({ key: 'mustBeLoggedIn' });
      return;
    }
    setBusyPriceId(plan.priceId);
    try {
      const url = await createCheckoutSession(plan.priceId, rooms);
      redirectTo(url);
    } catch (error) {
      console.error('Failed to redirect to Stripe', error);
      const known = error instanceof BillingError && ['already_subscribed', 'not_logged_in'].includes(error.code);
      setProblem(known ? { key: error.code === 'not_logged_in' ? 'mustBeLoggedIn' : 'alreadySubscribed' } : { key: 'redirectFailed' });
      setBusyPriceId(null);
    }
  }

  async function manage() {
    setProblem(null);
    setOpeningPortal(true);
    try {
      redirectTo(await createPortalSession());
    } catch (error) {
      console.error('Failed to open the billing portal', error);
      setProblem({ key: 'portalFailed' });
      setOpeningPortal(false);
    }
  }

  const hasSubscription = subscription !== null && manageableStatuses.has(subscription.status);
  const confirming = waitingForWebhook && !confirmed;

  let body;
  if (!subscriptionLoaded && !confirming) {
    body = <PageSpinner minHeight="30vh" />;
  } else if (confirming) {
    body = (
      <ContentCard data-testid="confirming-payment" maxW={{ md: 'xl' }}>
        {timedOut ? (
          <Stack gap="3" role="status">
            <Text textStyle="xl" fontWeight="semibold">
              {t('confirmingSlowTitle')}
            </Text>
            <Text color="fg.muted">{t('confirmingSlowText')}</Text>
            <Button alignSelf="flex-start" variant="outline" onClick={retry}>
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
        profile={profile}         openingPortal={openingPortal}
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
      <PageHeader
        title={hasSubscription ? t('subscribedTitle') : t('title')}
        description={hasSubscription ? t('subscribedSubtitle') : t('subtitle')}
      />
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
