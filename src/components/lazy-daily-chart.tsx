import { Box, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { DailyChartProps } from './daily-chart';

const DailyChart = lazy(() => import('./daily-chart'));

/** The daily chart, with its chart library loaded only when a screen shows it; the space is kept while it loads. */
export function LazyDailyChart(props: DailyChartProps) {
  return (
    <Suspense
      fallback={
        <Box minH={`${props.height ?? 260}px`} display="flex" alignItems="center" justifyContent="center">
          <Spinner color="teal.600" />
        </Box>
      }
    >
      <DailyChart {...props} />
    </Suspense>
  );
}
