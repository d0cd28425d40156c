/**
 * One guest request in the staff queue: what was asked, from which room, how long ago; its status buttons, the
 * assignee, the staff's internal note and the reply the guest reads in their guide.
 */
import { Badge, Box, Button, Flex, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { toaster } from '@/components/toaster';
import { isSupportedLanguage, languageNames } from '@/lib/languages';
import { REQUEST_TYPE_LABELS, type GuestRequestStatus } from '@/lib/guest-requests';
import type { Assignee, GuestRequestRow } from '../api/guest-requests';
import { updateRequestMutation } from '../queries';
import { timeSince } from '../time-since';

interface RequestCardProps {
  request: GuestRequestRow;
  assignees: Assignee[];
  /** Arrived while the queue was open: drawn out until the staff acts on it. */
  fresh: boolean;
  now: number;
}

export function RequestCard({ request, assignees, fresh, now }: RequestCardProps) {
  const { t, i18n } = useTranslation('requests');
  const { t: requestText } = useTranslation('guest-requests');
  const update = useMutation(updateRequestMutation);
  const [internalNote, setInternalNote] = useState(request.internal_note ?? '');
  const [reply, setReply] = useState(request.reply ?? '');
  // A teammate's reply or note arrives live: it replaces what is shown unless this member has typed their own.
  const [savedTexts, setSavedTexts] = useState({ reply: request.reply ?? '', internalNote: request.internal_note ?? '' });
  if (savedTexts.reply !== (request.reply ?? '') || savedTexts.internalNote !== (request.internal_note ?? '')) {
    if (reply === savedTexts.reply && internalNote === savedTexts.internalNote) {
      setReply(request.reply ?? '');
      setInternalNote(request.internal_note ?? '');
    }
    setSavedTexts({ reply: request.reply ?? '', internalNote: request.internal_note ?? '' });
  }
  const room = request.qr_codes
    ? request.qr_codes.room_number
      ? t('card.room', { number: request.qr_codes.room_number })
      : request.qr_codes.name
    : t('card.roomRemoved');
  const typeLabel = requestText(REQUEST_TYPE_LABELS[request.type as keyof typeof REQUEST_TYPE_LABELS] ?? request.type);
  const titleId = `request-${request.id}`;

  const save = (change: Parameters<typeof update.mutate>[0]['change'], done: string) =>
    update.mutate(
      { id: request.id, change },
      {
        onSuccess: () => toaster.create({ type: 'success', title: done }),
        onError: () => toaster.create({ type: 'error', title: t('card.saveFailed') }),
      },
    );
  const setStatus = (status: GuestRequestStatus) => save({ status }, t(`card.statusSaved.${status}`));
  // The button pressed shows the wait; the card's other changes are off until it is saved.
  const saving = update.isPending ? update.variables.change : null;
  const busy = (pressed: boolean) => (pressed ? { loading: true } : { disabled: saving !== null });
  const textsChanged = internalNote !== savedTexts.internalNote || reply !== savedTexts.reply;

  return (
    <Box
      as="article"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '4', md: '5' }}
      bg="bg"
      borderColor={fresh ? 'colorPalette.solid' : 'border'}
      data-fresh={fresh || undefined}
      boxShadow={fresh ? 'md' : undefined}
    >
      <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
        <Stack gap="0.5" minW="0">
          <Text as="h3" id={titleId} fontWeight="semibold" textStyle="lg">
            {typeLabel} · {room}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {request.properties.name} · <time dateTime={request.created_at}>{timeSince(request.created_at, now, i18n.language)}</time>
            {isSupportedLanguage(request.language) && ` · ${t('card.language', { language: languageNames[request.language] })}`}
          </Text>
        </Stack>
        {request.status === 'received' && <Badge variant="solid">{t('card.new')}</Badge>}
      </Flex>
      {request.note && (
        <Text mt="3" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {request.note}
        </Text>
      )}
      {request.preferred_time && (
        <Text mt="1" textStyle="sm">
          {t('card.preferredTime', { time: request.preferred_time.slice(0, 5) })}
        </Text>
      )}

      <Flex mt="4" gap="2" wrap="wrap">
        {request.status === 'received' && (
          <Button size="sm" minH="11" onClick={() => setStatus('in_progress')} {...busy(saving?.status === 'in_progress')}>
            {t('card.start')}
          </Button>
        )}
        {request.status !== 'done' ? (
          <Button
            size="sm"
            minH="11"
            variant={request.status === 'received' ? 'outline' : 'solid'}
            onClick={() => setStatus('done')}
            {...busy(saving?.status === 'done')}
          >
            {t('card.markDone')}
          </Button>
        ) : (
          <Button size="sm" minH="11" variant="outline" onClick={() => setStatus('received')} {...busy(saving?.status === 'received')}>
            {t('card.reopen')}
          </Button>
        )}
        <NativeSelect.Root size="sm" width="auto" minW="12rem" disabled={saving !== null}>
          <NativeSelect.Field
            aria-label={t('card.assignee')}
            minH="11"
            value={request.assignee_id ?? ''}
            onChange={(event) => save({ assignee_id: event.target.value || null }, t('card.assigned'))}
          >
            <option value="">{t('card.unassigned')}</option>
            {assignees
              .filter((assignee) => assignee.propertyIds === null || assignee.propertyIds.includes(request.property_id))
              .map((assignee) => (
                <option key={assignee.userId} value={assignee.userId}>
                  {assignee.email}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>

      <Stack mt="4" gap="3" direction={{ base: 'column', md: 'row' }}>
        <Box flex="1">
          <FormField label={t('card.reply')} helperText={t('card.replyHelp')}>
            <Textarea rows={2} maxLength={1000} value={reply} onChange={(event) => setReply(event.target.value)} />
          </FormField>
        </Box>
        <Box flex="1">
          <FormField label={t('card.internalNote')}>
            <Textarea rows={2} maxLength={2000} value={internalNote} onChange={(event) => setInternalNote(event.target.value)} />
          </FormField>
        </Box>
      </Stack>
      <Button
        mt="3"
        size="sm"
        minH="11"
        variant="outline"
        disabled={!textsChanged || (saving !== null && !('reply' in saving))}
        loading={saving !== null && 'reply' in saving}
        onClick={() => save({ reply: reply.trim() || null, internal_note: internalNote.trim() || null }, t('card.textsSaved'))}
      >
        {t('card.saveTexts')}
      </Button>
    </Box>
  );
}
