/**
 * The real QR code of a room, drawn by qr-code-styling. The library is loaded lazily (its own chunk,
 * fetched the first time a code is shown), with a spinner while it loads, an unmount guard, and
 * `role="img"` + an aria-label for screen readers. When the centre logo cannot be loaded (bad URL,
 * no CORS) the code is drawn without it rather than not at all.
 */
import { Box, Button, Center, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type QRCodeStyling from 'qr-code-styling';
import { qrStylingOptions, type QrLook } from './qr-styling-options';

type Status = 'loading' | 'ready' | 'error';

export function QrCodeView({ look, downloadBaseName, label }: { look: QrLook; downloadBaseName?: string; label: string }) {
  const { t } = useTranslation('rooms');
  const containerRef = useRef<HTMLDivElement>(null);
  const qrRef = useRef<QRCodeStyling | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [downloading, setDownloading] = useState(false);
  const size = look.size ?? 300;
  const { data, primaryColor, backgroundColor, logoUrl } = look;

  useEffect(() => {
    let cancelled = false;
    const options = qrStylingOptions({ data, primaryColor, backgroundColor, logoUrl, size });
    const draw = async () => {
      try {
        if (!qrRef.current) {
          const { default: QRCodeStylingClass } = await import('qr-code-styling');
          if (cancelled) return;
          qrRef.current = new QRCodeStylingClass(options);
          if (containerRef.current) {
            containerRef.current.replaceChildren();
            qrRef.current.append(containerRef.current);
          }
        } else {
          qrRef.current.update(options);
        }
        // Wait for the drawing (and the logo) so a broken logo can fall back to a plain code.
        await qrRef.current.getRawData('png');
        if (!cancelled) setStatus('ready');
      } catch (error) {
        if (cancelled) return;
        if (options.image && qrRef.current) {
          console.warn('QR logo could not be drawn; showing the code without it', error);
          qrRef.current.update({ ...options, image: undefined });
          setStatus('ready');
        } else {
          console.error('QR code could not be drawn', error);
          setStatus('error');
        }
      }
    };
    void draw();
    return () => {
      cancelled = true;
    };
  }, [data, primaryColor, backgroundColor, logoUrl, size]);

  const download = async () => {
    if (!qrRef.current || !downloadBaseName) return;
    setDownloading(true);
    try {
      await qrRef.current.download({ name: downloadBaseName, extension: 'png' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Box position="relative" width={`${size}px`} height={`${size}px`} maxW="100%" mx="auto">
        <Box
          ref={containerRef}
          role="img"
          aria-label={label}
          data-testid="qr-code"
          width="100%"
          height="100%"
          css={{ '& canvas, & svg': { width: '100% !important', height: 'auto !important', display: 'block' } }}
        />
        {status === 'loading' && (
          <Center position="absolute" inset="0" bg="bg.muted" borderRadius="md">
            <Spinner size="lg" aria-label={t('preview.loading')} />
          </Center>
        )}
        {status === 'error' && (
          <Center position="absolute" inset="0" bg="bg.muted" borderRadius="md" p="4">
            <Text color="fg.error" textAlign="center">
              {t('preview.failed')}
            </Text>
          </Center>
        )}
      </Box>
      {downloadBaseName && (
        <Button mt="4" w="full" minH="11" onClick={() => void download()} disabled={status !== 'ready'} loading={downloading}>
          {t('detail.download')}
        </Button>
      )}
    </Box>
  );
}
