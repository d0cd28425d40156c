import { createContext, useContext, useEffect } from 'react';

/** Build-time prerendering reads the title a page sets (effects do not run there) through this context. */
const titleCollector = createContext<((title: string) => void) | null>(null);
export const DocumentTitleCollector = titleCollector.Provider;

/** Sets the tab title to "<title> · RoomGuide" while the screen is shown (screen readers announce it). */
export function useDocumentTitle(title: string | null | undefined): void {
  const collect = useContext(titleCollector);
  if (collect && title) collect(title);
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The tab title for a page title, as useDocumentTitle sets it (the build writes it into prerendered pages). */
export function documentTitle(title: string | null): string {
  return title ? `${title} · RoomGuide` : 'RoomGuide';
}
