import { useTranslation } from 'react-i18next';
import { StatusAlert } from '@/components/status-alert';
import { contrastRatio, isInverted, minimumScannableContrast } from '../templates';
import { isHexColour } from './room-form-validation';

/**
 * Under a guide's colours, on the room form and the shared guide alike: a warning when the QR code's colours are too
 * close for phones to scan it, a hint when they are inverted (light on dark, which some scanners do not read).
 */
export function ContrastNotes({ primaryColor, backgroundColor }: { primaryColor: string; backgroundColor: string }) {
  const { t } = useTranslation('rooms');
  if (!isHexColour(primaryColor) || !isHexColour(backgroundColor)) return null;
  if (contrastRatio(primaryColor, backgroundColor) < minimumScannableContrast) return <StatusAlert status="warning">{t('form.lowContrast')}</StatusAlert>;
  if (isInverted(primaryColor, backgroundColor)) return <StatusAlert status="info">{t('form.invertedHint')}</StatusAlert>;
  return null;
}
