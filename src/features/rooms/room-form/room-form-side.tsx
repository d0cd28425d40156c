import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { StatusAlert } from '@/components/status-alert';
import { QrCodeView } from '../qr-look/qr-code-view';

/**
 * Beside the room form from tablet width (under it on a phone): the room's real QR code as the host types (its guide
 * URL, the look the guide will have), the save error, Save and Cancel.
 */
export function RoomFormSide({
  previewUrl,
  look,
  qrLabel,
  saveError,
  isEdit,
  submitting,
  uploading,
  onCancel,
}: {
  previewUrl: string;
  /** Colours that are not valid hex codes yet are left out (the QR's defaults) until the host finishes typing them. */
  look: { primaryColor: string | undefined; backgroundColor: string | undefined; logoUrl: string };
  qrLabel: string;
  /** The key of the message for a save that failed, if one did. */
  saveError: string | null;
  isEdit: boolean;
  submitting: boolean;
  uploading: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rooms');
  return (
    <Box position={{ md: 'sticky' }} top={{ md: '20' }}>
      <ContentCard title={t('form.preview')}>
        <QrCodeView look={{ data: previewUrl, ...look, size: 240 }} label={qrLabel} />
        <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere" data-testid="preview-url">
          {previewUrl}
        </Text>
        {saveError && <StatusAlert status="error">{t(saveError)}</StatusAlert>}
        <Flex gap="3" direction="column">
          <Button type="submit" minH="11" size="lg" loading={submitting} loadingText={t(isEdit ? 'form.saving' : 'form.creating')} disabled={uploading}>
            {t(isEdit ? 'form.save' : 'form.create')}
          </Button>
          <Button variant="outline" minH="11" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </Flex>
      </ContentCard>
    </Box>
  );
}
