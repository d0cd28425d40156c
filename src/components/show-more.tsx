/**
 * Long lists of rooms (a 300-room hotel) are drawn a page at a time: 300 room cards at once held a tablet's page
 * still for about 2 s (820 px, 4× CPU slowdown: one 1.8–1.9 s task before the list could be used), and the analytics
 * room table's 300 rows added 0.3–0.4 s to its first drawing. The next page comes when the footer nears the screen
 * (IntersectionObserver, 800 px ahead) or when its button is pressed (keyboard, screen readers, browsers without the
 * observer). A new search starts again at one page. Going back to a list (from a room's page, say) draws as many pages
 * as it had, so the router's scroll restoration finds the place the host left.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Items a page: for cards a whole number of rows at 1, 2, 3 and 4 columns. */
export const listPageSize = 48;

interface ShownPages {
  /** The search they were shown for. */
  key: string;
  count: number;
}

/**
 * The pages a list showed, by history entry (the router's location key, with the path: every first entry of a page
 * load is 'default'), for this page load: what a return to that entry draws again.
 */
const pagesByEntry = new Map<string, ShownPages>();

/** For tests: each starts with lists that have shown nothing yet. */
export function forgetShownPages(): void {
  pagesByEntry.clear();
}

/** How many of `total` items to draw; back to one page whenever `resetKey` (the search) changes. */
export function useShownCount(total: number, resetKey: string): { shown: number; showMore: () => void } {
  const location = useLocation();
  const entry = `${location.key} ${location.pathname}`;
  const [pages, setPages] = useState<ShownPages>(() => {
    const kept = pagesByEntry.get(entry);
    return kept?.key === resetKey ? kept : { key: resetKey, count: 1 };
  });
  useEffect(() => {
    pagesByEntry.set(entry, pages);
  }, [entry, pages]);
  // A new search: one page again (state adjusted while rendering, as React documents for a changed prop).
  if (pages.key !== resetKey) setPages({ key: resetKey, count: 1 });
  const count = pages.key === resetKey ? pages.count : 1;
  const showMore = useCallback(() => setPages((current) => ({ ...current, count: current.count + 1 })), []);
  return { shown: Math.min(total, count * listPageSize), showMore };
}

/** The footer of a list drawn in pages: how much is shown (`status`) and a button for the next page. */
export function ShowMore({ shown, status, label, onShowMore }: { shown: number; status: string; label: string; onShowMore: () => void }) {
  const footer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = footer.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // A new observer per page: its first report says whether the footer is still near after the items just added.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onShowMore(), {
      rootMargin: '0px 0px 800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, onShowMore]);

  return (
    <Stack ref={footer} align="center" gap="2" py="4">
      <Text color="fg.muted" textStyle="sm" aria-live="polite">
        {status}
      </Text>
      <Button variant="outline" minH="11" onClick={onShowMore}>
        {label}
      </Button>
    </Stack>
  );
}
