import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../types';

/** "month", "6 months", "year" in the reader's language. */
export function useIntervalLabel(): (interval: Plan['interval'], count: number) => string {
  const { t } = useTranslation('billing');
  return useCallback((interval, count) => (count === 1 ? t(`interval.${interval}`) : t(`interval.${interval}s`, { count })), [t]);
}
