/**
 * The staff queue (/dashboard/requests): the guest requests of the current team's properties, new, in progress and
 * done, newest first, filtered by property, type and room or floor. New requests arrive live (Realtime) and stand
 * out until someone acts on them; while live updates are paused the queue re-reads on a timer (the dashboard says so).
 */
import { Box, Button, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { useCurrentTeam } from '@/lib/current-team';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import { propertiesQuery, useUserId } from '@/lib/data/queries';
import { GUEST_REQUEST_STATUSES, GUEST_REQUEST_TYPES, REQUEST_TYPE_LABELS, isGuestRequestType, type GuestRequestStatus } from '@/lib/guest-requests';
import { countByStatus, matchesFilters, noFilters, type QueueFilters } from '../filters';
import { assigneesQuery, requestsQuery } from '../queries';
import { NoticesCard } from './notices-card';
import { RequestCard } from './request-card';

/** The "time since" labels move on by themselves. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Ids that appeared after the first answer, while the queue was open. */
function useFreshIds(ids: string[] | undefined): Set<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    if (!ids) return;
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const arrived = ids.filter((id) => !seen.current!.has(id));
    for (const id of arrived) seen.current.add(id);
    if (arrived.length > 0) setFresh((current) => new Set([...current, ...arrived]));
  }, [ids]);
  return fresh;
}

export default function RequestsPage() {
  const { t } = useTranslation('requests');
  const { t: requestText } = useTranslation('guest-requests');
  const userId = useUserId();
  const { team, loaded } = useCurrentTeam();
  const teamId = team?.id ?? '';
  const refetchInterval = useRefreshWhileNotLive();
  const requests = useQuery({ ...requestsQuery(userId, teamId), enabled: teamId !== '', refetchInterval });
  const assignees = useQuery({ ...assigneesQuery(userId, teamId), enabled: teamId !== '' });
  const properties = useQuery({ ...propertiesQuery(userId), enabled: userId !== '' });
  const teamProperties = (properties.data ?? []).filter((property) => property.team_id === teamId);
  const [status, setStatus] = useState<GuestRequestStatus>('received');
  const [filters, setFilters] = useState<QueueFilters>(noFilters);
  const now = useNow();
  const fresh = useFreshIds(useMemo(() => requests.data?.map((request) => request.id), [requests.data]));

  if (!loaded || (teamId !== '' && requests.isPending)) return <PageSpinner />;
  if (!team || requests.isError) return <StatusAlert title={t('loadFailed')} />;

  const filtered = (requests.data ?? []).filter((request) => matchesFilters(request, filters));
  const counts = countByStatus(filtered);
  const shown = filtered.filter((request) => request.status === status);

  return (
    <Box>
      <PageHeader title={t('title')} description={t('intro')} />
      <Flex gap="3" wrap="wrap" mb="4" align="flex-end">
        <Box>
          <FormField label={t('filters.property')}>
            <NativeSelect.Root size="md" width="auto" minW="12rem">
              <NativeSelect.Field
                minH="11"
                value={filters.propertyId ?? ''}
                onChange={(event) => setFilters({ ...filters, propertyId: event.target.value || null })}
              >
                <option value="">{t('filters.allProperties')}</option>
                {teamProperties.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <Box>
          <FormField label={t('filters.type')}>
            <NativeSelect.Root size="md" width="auto" minW="12rem">
              <NativeSelect.Field
                minH="11"
                value={filters.type ?? ''}
                onChange={(event) => setFilters({ ...filters, type: isGuestRequestType(event.target.value) ? event.target.value : null })}
              >
                <option value="">{t('filters.allTypes')}</option>
                {GUEST_REQUEST_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {requestText(REQUEST_TYPE_LABELS[type])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <Box>
          <FormField label={t('filters.room')}>
            <Input
              minH="11"
              width="10rem"
              placeholder={t('filters.roomPlaceholder')}
              value={filters.room}
              onChange={(event) => setFilters({ ...filters, room: event.target.value })}
            />
          </FormField>
        </Box>
      </Flex>

      <Flex role="tablist" aria-label={t('statusTabs')} gap="2" wrap="wrap" mb="4">
        {GUEST_REQUEST_STATUSES.map((value) => (
          <Button
            key={value}
            role="tab"
            aria-selected={status === value}
            minH="11"
            variant={status === value ? 'solid' : 'outline'}
            onClick={() => setStatus(value)}
          >
            {t(`status.${value}`, { count: counts[value] })}
          </Button>
        ))}
      </Flex>

      <Stack gap="3" role="tabpanel" aria-label={t(`status.${status}`, { count: counts[status] })}>
        {shown.length === 0 ? (
          <Text color="fg.muted" py="6">
            {t(`empty.${status}`)}
          </Text>
        ) : (
          shown.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              assignees={assignees.data ?? []}
              fresh={fresh.has(request.id) && request.status === 'received'}
              now={now}
            />
          ))
        )}
      </Stack>
      {teamProperties.length > 0 && (
        <Box mt="10">
          <NoticesCard userId={userId} teamId={teamId} properties={teamProperties} />
        </Box>
      )}
    </Box>
  );
}
