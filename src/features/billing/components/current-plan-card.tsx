import { Badge, Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import type { SubscriptionRow, UserRow } from '@/lib/data/rows';
import { formatDate, formatPrice } from '../format';
import { useIntervalLabel } from '../hooks/use-interval-label';
import type { Plan } from '../types';

const statusPalette: Record<string, string> = { active: 'green', trialing: 'blue', past_due: 'orange', unpaid: 'red', incomplete: 'orange' };

/** What a subscriber pays for now: plan, rooms, status, renewal, usage, and the way to the portal. */
export function CurrentPlanCard({
  subscription,
  plan,
  profile,
  openingPortal,
  onManage,
}: {
  subscription: SubscriptionRow;
  /** The subscribed price, when it is still listed (for the amount). */
  plan: Plan | undefined;
  profile: UserRow | null;
  openingPortal: boolean;
  onManage: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const intervalLabel = useIntervalLabel();
  const rooms = subscription.quantity ?? 0;
  const planName = t(`planName.${subscription.plan_type ?? 'other'}`);
  const statusLabel = t(`statuses.${subscription.status}`, { defaultValue: subscription.status });
  return (
    <ContentCard data-testid="current-plan" maxW={{ md: 'xl' }}>
      <Stack gap="1">
        <Text color="fg.muted" textStyle="sm">
          {t('currentPlan')}
        </Text>
        <Text as="h2" textStyle="2xl" fontWeight="semibold" data-testid="current-plan-name">
          {planName}
        </Text>
      </Stack>
      {/* Still a subscription, but not paying for rooms (past_due, unpaid, incomplete). */}
      {subscription.ongoing && !subscription.entitled && <Text color="fg.error">{t('pastDueNote')}</Text>}
      <DataList.Root orientation="horizontal" size="lg">
        <DataList.Item>
          <DataList.ItemLabel>{t('rooms')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="current-plan-rooms">{rooms}</DataList.ItemValue>
        </DataList.Item>
        {plan && (
          <DataList.Item>
            <DataList.ItemLabel>{t('price')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="current-plan-price">
              {t('priceValue', {
                rooms,
                price: formatPrice(plan.unitAmount, plan.currency),
                amount: formatPrice(plan.unitAmount * rooms, plan.currency),
                interval: intervalLabel(plan.interval, plan.intervalCount),
              })}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{t('status')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={statusPalette[subscription.status] ?? 'gray'} data-testid="current-plan-status">
              {statusLabel}
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
        {subscription.current_period_end && (
          <DataList.Item>
            <DataList.ItemLabel>{subscription.cancel_at_period_end ? t('endsOn') : t('renewsOn')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="current-plan-renewal">{formatDate(subscription.current_period_end, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
        )}
        {profile && (
          <DataList.Item>
            <DataList.ItemLabel>{t('qrUsage')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="current-plan-usage">
              {profile.qr_codes_created} / {profile.qr_code_limit}
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      <Stack gap="2">
        <Button
          size="lg"
          minH="12"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          loading={openingPortal}
          loadingText={t('openingPortal')}
          onClick={onManage}
          data-testid="manage-subscription"
        >
          {t('manage')}
        </Button>
        <Text color="fg.muted" textStyle="sm">
          {t('manageHelp')}
        </Text>
      </Stack>
    </ContentCard>
  );
}
