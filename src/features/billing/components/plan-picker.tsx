import { Badge, Box, Button, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { formatPrice, parseRooms } from '../format';
import { maxRooms, minRooms, type Plan } from '../types';
import { useIntervalLabel } from '../hooks/use-interval-label';

/** The quantity input (one for all plans) and one card per plan with its live total and Subscribe. */
export function PlanPicker({
  plans,
  busyPriceId,
  onSubscribe,
}: {
  plans: Plan[];
  busyPriceId: string | null;
  onSubscribe: (plan: Plan, rooms: number) => void;
}) {
  const { t } = useTranslation('billing');
  const intervalLabel = useIntervalLabel();
  const [rooms, setRooms] = useState(1);
  const [roomsText, setRoomsText] = useState('1');

  return (
    <Stack gap="6">
      <ContentCard maxW={{ md: 'md' }}>
        <FormField label={t('quantityLabel')} helperText={t('quantityHelp', { min: minRooms, max: maxRooms })}>
          <Input
            type="number"
            inputMode="numeric"
            min={minRooms}
            max={maxRooms}
            step={1}
            size="lg"
            value={roomsText}
            data-testid="quantity-input"
            onChange={(event) => {
              setRoomsText(event.target.value);
              // Spec §5: values below 1 are ignored (the last valid count stays in force).
              const parsed = parseRooms(event.target.value);
              if (parsed !== null) setRooms(parsed);
            }}
            onBlur={() => setRoomsText(String(rooms))}
          />
        </FormField>
      </ContentCard>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
        {plans.map((plan) => {
          const interval = intervalLabel(plan.interval, plan.intervalCount);
          const months = plan.interval === 'year' ? 12 * plan.intervalCount : plan.interval === 'month' ? plan.intervalCount : 1;
          const busy = busyPriceId === plan.priceId;
          return (
            <ContentCard key={plan.priceId} data-testid="plan-card" data-price-id={plan.priceId} data-plan-type={plan.planType ?? ''}>
              <Stack gap="1">
                <Text color="fg.muted" textStyle="sm" fontWeight="medium">
                  {plan.name}
                </Text>
                <Heading as="h2" size="lg" fontWeight="semibold" data-testid="plan-name">
                  {plan.planType ? t(`planName.${plan.planType}`) : plan.name}
                </Heading>
                {plan.description && <Text color="fg.muted">{plan.description}</Text>}
              </Stack>
              <Box>
                <Text textStyle="3xl" fontWeight="bold" data-testid="plan-price">
                  {formatPrice(plan.unitAmount, plan.currency)}
                </Text>
                <Text color="fg.muted">{t('perRoom', { interval })}</Text>
                {months > 1 && (
                  <Badge mt="2" colorPalette="green" variant="subtle">
                    {t('monthlyEquivalent', { amount: formatPrice(Math.round(plan.unitAmount / months), plan.currency) })}
                  </Badge>
                )}
              </Box>
              <Text fontWeight="medium" data-testid="plan-total" aria-live="polite">
                {t('total', {
                  rooms,
                  price: formatPrice(plan.unitAmount, plan.currency),
                  amount: formatPrice(plan.unitAmount * rooms, plan.currency),
                  interval,
                })}
              </Text>
              <Button
                mt="auto"
                size="lg"
                minH="12"
                loading={busy}
                loadingText={t('redirecting')}
                disabled={busyPriceId !== null && !busy}
                onClick={() => onSubscribe(plan, rooms)}
                data-testid="subscribe-button"
              >
                {t('subscribe')}
              </Button>
            </ContentCard>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
