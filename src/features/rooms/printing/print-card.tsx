/**
 * A print-friendly room card: room name, number, the QR code and "Scan for WiFi & guide". It is
 * invisible on screen; while printing, everything else on the page is hidden, so Print gives the host a
 * clean card to place in the room.
 */
import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { QrLook } from '../qr-look/qr-styling-options';
import { QrCodeView } from '../qr-look/qr-code-view';

const printCss = `
@media print {
  body * { visibility: hidden !important; }
  #room-print-card, #room-print-card * { visibility: visible !important; }
  #room-print-card { position: absolute; inset: 0; display: flex !important; }
}`;

export function PrintCard({ name, roomNumber, look }: { name: string; roomNumber: string; look: QrLook }) {
  const { t } = useTranslation('rooms');
  return (
    <>
      <style>{printCss}</style>
      <Box
        id="room-print-card"
        display="none"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        gap="4"
        textAlign="center"
        color="black"
        bg="white"
        aria-hidden
      >
        <Text fontSize="3xl" fontWeight="bold">
          {name}
        </Text>
        <Text fontSize="xl">{t('list.room', { number: roomNumber })}</Text>
        <QrCodeView look={{ ...look, size: 300 }} label={t('detail.qrLabel', { name })} />
        <Text fontSize="2xl" fontWeight="semibold">
          {t('detail.printCaption')}
        </Text>
      </Box>
    </>
  );
}
