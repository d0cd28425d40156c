import { useEffect } from 'react';

/** Sets the tab title to "<title> · RoomGuide" while the screen is shown (screen readers announce it). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · RoomGuide`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
