import { Box, Table } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailySeries {
  label: string;
  /** One value per day of `days`. */
  values: number[];
}

export interface DailyChartProps {
  /** UTC days, `YYYY-MM-DD`: the x axis. */
  days: string[];
  series: DailySeries[];
  /** The UI language: days and counts are formatted in it. */
  language: string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  /** The summary of the on-demand table of the same figures, and its first column's heading. */
  tableLabel: string;
  dayLabel: string;
  height?: number;
}

/** Distinct on white and for the common colour-vision deficiencies (Okabe–Ito), then Chakra's teal for the rest. */
const seriesColours = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#000000', '#319795'];

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * A line per series over UTC days, drawn with uPlot (canvas, about 20 KB gzip, so screens that show no chart
 * never load it: import this module lazily through ./lazy-daily-chart). The same figures are offered as a table
 * for screen readers and for anyone who wants the numbers.
 */
export default function DailyChart({ days, series, language, ariaLabel, tableLabel, dayLabel, height = 260 }: DailyChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }), [language]);
  const longDayFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }), [language]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(language), [language]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data: AlignedData = [days.map(dayStart), ...series.map((line) => line.values)];
    const options: Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      // Scans are counted per UTC day; the axis shows those days, whatever the host's time zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        { values: (_chart, ticks) => ticks.map((tick) => dayFormat.format(tick * 1000)), space: 60 },
        {
          values: (_chart, ticks) => ticks.map((tick) => numberFormat.format(tick)),
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
          size: 48,
        },
      ],
      series: [
        { label: dayLabel, value: (_chart, seconds) => (seconds == null ? '' : longDayFormat.format(seconds * 1000)) },
        ...series.map((line, index) => ({
          label: line.label,
          stroke: seriesColours[index % seriesColours.length],
          width: 2,
          points: { show: days.length <= 31 },
          value: (_chart: uPlot, value: number | null) => (value == null ? '' : numberFormat.format(value)),
        })),
      ],
      legend: { live: true },
    };
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, height, dayFormat, longDayFormat, numberFormat, dayLabel]);

  return (
    <Box minW="0">
      {/* Inline-size containment: the canvas, drawn for the width it had, must not widen its column (a grid on a
          phone would then never narrow and the observer never fire). */}
      <Box
        ref={container}
        role="img"
        aria-label={ariaLabel}
        w="full"
        minH={`${height}px`}
        overflow="hidden"
        css={{
          contain: 'inline-size',
          '& .u-legend': { fontSize: 'sm' },
          // The legend shows a day's figures while the pointer is on the chart; until then its labels stand alone
          // (uPlot's live legend would end each in a colon with nothing after it).
          '& .u-legend .u-series:has(> .u-value:empty) > th::after': { content: 'none' },
        }}
      />
      <Box as="details" mt="3" textStyle="sm" css={{ '&[open] > summary > svg': { transform: 'rotate(90deg)' } }}>
        <Box as="summary" cursor="pointer" color="fg.muted" minH="11" display="flex" alignItems="center" gap="1.5">
          {/* A flex summary has no disclosure triangle of its own. */}
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="m9 6 6 6-6 6" />
          </svg>
          {tableLabel}
        </Box>
        <Box overflowX="auto" mt="2">
          <Table.Root size="sm" variant="line" aria-label={ariaLabel}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{dayLabel}</Table.ColumnHeader>
                {series.map((line, index) => (
                  <Table.ColumnHeader key={index} textAlign="end">
                    {line.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((day, dayIndex) => (
                <Table.Row key={day}>
                  <Table.Cell>{longDayFormat.format(dayStart(day) * 1000)}</Table.Cell>
                  {series.map((line, index) => (
                    <Table.Cell key={index} textAlign="end">
                      {numberFormat.format(line.values[dayIndex] ?? 0)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
    </Box>
  );
}
