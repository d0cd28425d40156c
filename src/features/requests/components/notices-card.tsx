/**
 * Notices to guests ("The pool is closed today"), on the staff's requests page: the team's notices that have not
 * ended, and a form for a new one: its property (all rooms or some, by number), its text with optional translations,
 * and its window. Guides show each only inside its window, offline too once saved.
 */
import { Box, Button, Flex, Input, NativeSelect, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { toaster } from '@/components/toaster';
import { roomsQuery } from '@/lib/data/queries';
import type { PropertyRow } from '@/lib/data/rows';
import { languageNames, supportedLanguages } from '@/lib/languages';
import { NOTICE_TEXT_MAX, localInputValue, toNewNotice, type NoticeFormValues } from '../notice-form';
import { createNoticeMutation, deleteNoticeMutation, noticesQuery } from '../queries';

const HOUR_MS = 3600_000;

function emptyForm(propertyId: string): NoticeFormValues {
  const now = new Date();
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 0, 0);
  return {
    propertyId,
    rooms: '',
    text: '',
    translations: {},
    startsAt: localInputValue(now),
    endsAt: localInputValue(endOfDay.getTime() - now.getTime() < HOUR_MS ? new Date(now.getTime() + 24 * HOUR_MS) : endOfDay),
  };
}

export function NoticesCard({ userId, teamId, properties }: { userId: string; teamId: string; properties: PropertyRow[] }) {
  const { t, i18n } = useTranslation('requests');
  const notices = useQuery(noticesQuery(userId, teamId));
  const rooms = useQuery(roomsQuery(userId));
  const create = useMutation(createNoticeMutation);
  const remove = useMutation(deleteNoticeMutation);
  const [values, setValues] = useState<NoticeFormValues>(() => emptyForm(properties[0]?.id ?? ''));
  const [errors, setErrors] = useState<ReturnType<typeof toNewNotice>['errors']>(null);
  const [unknownRooms, setUnknownRooms] = useState<string[]>([]);
  const propertyName = useMemo(() => new Map(properties.map((property) => [property.id, property.name])), [properties]);
  const roomNumber = useMemo(() => new Map((rooms.data ?? []).map((room) => [room.id, room.room_number ?? room.name])), [rooms.data]);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = toNewNotice(values, (number) => rooms.data?.find((room) => room.property_id === values.propertyId && room.room_number === number)?.id);
    setErrors(result.errors);
    setUnknownRooms(result.unknownRooms);
    if (!result.notice) return;
    try {
      await create.mutateAsync(result.notice);
      toaster.create({ type: 'success', title: t('notices.created') });
      setValues(emptyForm(values.propertyId));
    } catch (error) {
      console.error('Failed to create a notice', error);
      toaster.create({ type: 'error', title: t('card.saveFailed') });
    }
  };

  const removeNotice = async (id: string, text: string) => {
    if (!(await confirm({ message: t('notices.deleteConfirm', { text }), confirmLabel: t('notices.delete') }))) return;
    remove.mutate(id, { onError: () => toaster.create({ type: 'error', title: t('card.saveFailed') }) });
  };

  return (
    <ContentCard title={t('notices.title')}>
      <Text color="fg.muted" mb="4">
        {t('notices.description')}
      </Text>
      {(notices.data ?? []).length === 0 ? (
        <Text mb="5">{t('notices.none')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" mb="5" aria-label={t('notices.listLabel')}>
          {(notices.data ?? []).map((notice) => (
            <Flex as="li" key={notice.id} gap="3" justify="space-between" align="center" borderWidth="1px" borderRadius="l2" p="3" wrap="wrap">
              <Box minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {notice.text}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  {propertyName.get(notice.property_id) ?? ''} ·{' '}
                  {notice.room_ids
                    ? t('notices.someRooms', { rooms: notice.room_ids.map((id) => roomNumber.get(id) ?? '?').join(', ') })
                    : t('notices.allRooms')}{' '}
                  · {dateTime.formatRange(new Date(notice.starts_at), new Date(notice.ends_at))}
                </Text>
              </Box>
              <Button size="sm" minH="11" variant="outline" colorPalette="red" onClick={() => void removeNotice(notice.id, notice.text)}>
                {t('notices.delete')}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}

      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('notices.newTitle')}>
        <Stack gap="4">
          <Text as="h3" fontWeight="semibold" textStyle="lg">
            {t('notices.newTitle')}
          </Text>
          <Flex gap="3" wrap="wrap">
            <Box flex="1" minW="14rem">
              <FormField label={t('filters.property')} errorText={errors?.property && t(`notices.errors.${errors.property}`)}>
                <NativeSelect.Root>
                  <NativeSelect.Field minH="11" value={values.propertyId} onChange={(event) => setValues({ ...values, propertyId: event.target.value })}>
                    {properties.map((property) => (
                      <option key={property.id} value={property.id}>
                        {property.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </Box>
            <Box flex="1" minW="14rem">
              <FormField
                label={t('notices.rooms')}
                helperText={t('notices.roomsHelp')}
                errorText={errors?.rooms && t(`notices.errors.${errors.rooms}`, { rooms: unknownRooms.join(', ') })}
              >
                <Input minH="11" value={values.rooms} onChange={(event) => setValues({ ...values, rooms: event.target.value })} />
              </FormField>
            </Box>
          </Flex>
          <FormField
            label={t('notices.text')}
            required
            helperText={t('notices.textHelp', { count: values.text.length, max: NOTICE_TEXT_MAX })}
            errorText={errors?.text && t(`notices.errors.${errors.text}`, { max: NOTICE_TEXT_MAX })}
          >
            <Textarea rows={2} maxLength={NOTICE_TEXT_MAX + 20} value={values.text} onChange={(event) => setValues({ ...values, text: event.target.value })} />
          </FormField>
          <chakra.details>
            <chakra.summary cursor="pointer" minH="11" display="flex" alignItems="center" fontWeight="medium">
              {t('notices.translations')}
            </chakra.summary>
            <Stack gap="3" mt="2">
              {supportedLanguages.map((language) => (
                <FormField key={language} label={languageNames[language]}>
                  <Input
                    lang={language}
                    minH="11"
                    maxLength={NOTICE_TEXT_MAX + 20}
                    value={values.translations[language] ?? ''}
                    onChange={(event) => setValues({ ...values, translations: { ...values.translations, [language]: event.target.value } })}
                  />
                </FormField>
              ))}
            </Stack>
          </chakra.details>
          <Flex gap="3" wrap="wrap">
            <Box flex="1" minW="14rem">
              <FormField label={t('notices.startsAt')} errorText={errors?.window && t(`notices.errors.${errors.window}`)}>
                <Input type="datetime-local" minH="11" value={values.startsAt} onChange={(event) => setValues({ ...values, startsAt: event.target.value })} />
              </FormField>
            </Box>
            <Box flex="1" minW="14rem">
              <FormField label={t('notices.endsAt')}>
                <Input type="datetime-local" minH="11" value={values.endsAt} onChange={(event) => setValues({ ...values, endsAt: event.target.value })} />
              </FormField>
            </Box>
          </Flex>
          <Flex justify="flex-end">
            <Button type="submit" minH="11" loading={create.isPending}>
              {t('notices.create')}
            </Button>
          </Flex>
        </Stack>
      </form>
    </ContentCard>
  );
}
