/**
 * A guide rendered to HTML by the service worker (see prerender-html.ts): the data the page needs to hydrate it,
 * and the element tree both sides render (same component, same props, so hydration matches).
 */
import { StrictMode } from 'react';
import { GuideScreen } from './components/guide-screen';
import type { GuideLanguage } from './lib/language';
import type { Guide } from './types';

export const PRERENDERED_DATA_ID = 'rg-prerendered';

export interface PrerenderedGuide {
  id: string;
  guide: Guide;
  language: GuideLanguage;
}

/** The element tree both sides render: the worker to a string, the page to hydrate. */
export function prerenderedTree({ id, guide, language }: PrerenderedGuide) {
  return (
    <StrictMode>
      <GuideScreen id={id} initial={{ status: 'found', guide, savedAt: null }} initialLanguage={language} />
    </StrictMode>
  );
}

export function readPrerenderedGuide(id: string | undefined): PrerenderedGuide | null {
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element || !id) return null;
  try {
    const data = JSON.parse(element.textContent ?? '') as PrerenderedGuide;
    return data.id === id ? data : null;
  } catch {
    return null;
  }
}
