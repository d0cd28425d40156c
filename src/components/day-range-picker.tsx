import { SegmentGroup } from '@chakra-ui/react';
import { SCAN_RANGE_DAYS, type ScanRangeDays } from '@/lib/scan-range';

/** The 7 / 30 / 90 days choice of the scan screens, as radio buttons (arrow keys move between them). */
export function DayRangePicker({
  value,
  onChange,
  label,
  optionLabel,
}: {
  value: ScanRangeDays;
  onChange: (days: ScanRangeDays) => void;
  label: string;
  optionLabel: (days: number) => string;
}) {
  return (
    <SegmentGroup.Root
      aria-label={label}
      size="md"
      value={String(value)}
      onValueChange={({ value: next }) => {
        const days = SCAN_RANGE_DAYS.find((option) => String(option) === next);
        if (days) onChange(days);
      }}
      maxW="full"
      // The recipe's min-width is max-content, which would keep the group as wide as its labels on one line.
      minW="0"
    >
      {/* The chosen range is styled on the item itself: the sliding indicator is measured once and is lost when the
          picker mounts inside a screen that is still loading. */}
      <SegmentGroup.Items
        items={SCAN_RANGE_DAYS.map((days) => ({ value: String(days), label: optionLabel(days) }))}
        // A narrow card (a room's scans on a 390 px phone) shares its width out and lets a label wrap instead of
        // pushing the page sideways.
        flex="1 1 auto"
        minW="0"
        h="auto"
        py="1"
        whiteSpace="normal"
        textAlign="center"
        minH="10"
        _checked={{ bg: 'bg.panel', color: 'teal.700', fontWeight: 'semibold', boxShadow: 'sm' }}
      />
    </SegmentGroup.Root>
  );
}
