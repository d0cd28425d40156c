/**
 * What a host can do with several rooms at once, shown while rooms are selected in the list: print their cards or
 * download their codes, give them one WiFi password (or let them use the property's again), and delete them after a
 * confirmation that names the count.
 */
import { Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import type { PropertyRow } from '@/lib/data/rows';
import { BulkRoomsRefused } from '../api/create-rooms';
import { deleteRoomsMutation, setRoomsWifiPasswordMutation } from '../queries';
import type { RoomSummary } from '../types';
import { DownloadZipButton } from '../downloads/download-zip-button';
import { printSheetHref } from './print-sheet-href';

interface RoomSelectionBarProps {
  property: Pick<PropertyRow, 'id' | 'name'>;
  selectedRooms: readonly RoomSummary[];
  /** All the property's rooms. */
  roomCount: number;
  /** Rooms the list holds (those matching the search, if there is one), drawn yet or not. */
  matchingCount: number;
  /** The host's role may change rooms: deleting and the WiFi password are offered (printing and downloads always). */
  edits: boolean;
  /** Every room the list holds is selected already: nothing for "Select all" to add. */
  allMatchingSelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}

export function RoomSelectionBar({
  property,
  selectedRooms,
  roomCount,
  matchingCount,
  allMatchingSelected,
  onSelectAll,
  onClear,
  edits,
}: RoomSelectionBarProps) {
  const { t } = useTranslation('rooms');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const wifi = useMutation(setRoomsWifiPasswordMutation);
  const deletion = useMutation(deleteRoomsMutation);
  const count = selectedRooms.length;
  const selectedIds = selectedRooms.map((room) => room.id);
  const printSheet = printSheetHref(property.id, selectedRooms, roomCount);

  const failed = (error: unknown) => {
    console.error('Changing the selected rooms failed', error);
    const reason = error instanceof BulkRoomsRefused ? error.reason : null;
    setProblem(reason?.kind === 'invalidInput' && reason.field === 'content.wifi.password' ? t('selection.passwordRefused') : t('selection.failed'));
  };

  const setWifi = async (value: string | null) => {
    setProblem(null);
    try {
      const changed = await wifi.mutateAsync({ roomIds: selectedIds, password: value });
      toaster.create({ type: 'success', title: t(value === null ? 'selection.wifiInherited' : 'selection.wifiSet', { count: changed }) });
      setPassword('');
    } catch (error) {
      failed(error);
    }
  };

  const remove = async () => {
    setProblem(null);
    if (
      !(await confirm({
        title: t('selection.deleteTitle', { count }),
        message: t('selection.deleteConfirm', { count }),
        confirmLabel: t('selection.delete', { count }),
      }))
    )
      return;
    try {
      const deleted = await deletion.mutateAsync(selectedIds);
      toaster.create({ type: 'success', title: t('selection.deleted', { count: deleted }) });
      onClear();
    } catch (error) {
      failed(error);
    }
  };

  return (
    // Kept in view while the host scrolls the rooms, from tablets up; on a phone it would cover most of the screen.
    <ContentCard position={{ base: 'static', md: 'sticky' }} top="20" zIndex="docked" aria-label={t('selection.label')} role="region">
      <Stack gap="4">
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontWeight="semibold">{t('selection.count', { count })}</Text>
          {!allMatchingSelected && (
            <Button size="sm" minH="11" variant="ghost" onClick={onSelectAll}>
              {t('selection.selectAll', { count: matchingCount })}
            </Button>
          )}
          <Button size="sm" minH="11" variant="ghost" onClick={onClear}>
            {t('selection.clear')}
          </Button>
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Button asChild minH="11" variant="outline">
            <RouterLink to={printSheet}>{t('selection.print', { count })}</RouterLink>
          </Button>
          <DownloadZipButton
            propertyId={property.id}
            propertyName={property.name}
            roomIds={selectedIds}
            roomCount={count}
            label={t('selection.download', { count })}
          />
          {edits && (
            <Button minH="11" variant="outline" colorPalette="red" loading={deletion.isPending} onClick={() => void remove()}>
              {t('selection.delete', { count })}
            </Button>
          )}
        </HStack>
        {edits && (
          <Flex gap="3" align="flex-end" wrap="wrap">
            <FormField label={t('selection.wifiPassword')}>
              <Input value={password} maxW="xs" autoComplete="off" onChange={(event) => setPassword(event.target.value)} />
            </FormField>
            <HStack gap="2" wrap="wrap">
              <Button minH="11" disabled={password === ''} loading={wifi.isPending && wifi.variables?.password !== null} onClick={() => void setWifi(password)}>
                {t('selection.setWifi', { count })}
              </Button>
              <Button minH="11" variant="outline" loading={wifi.isPending && wifi.variables?.password === null} onClick={() => void setWifi(null)}>
                {t('selection.inheritWifi')}
              </Button>
            </HStack>
          </Flex>
        )}
        {problem && <StatusAlert title={problem} />}
      </Stack>
    </ContentCard>
  );
}
