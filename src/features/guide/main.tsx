/**
 * The guest entry (guide.html, served for /guide/*): React and the guide screen only — no router, Chakra,
 * supabase-js, i18next or dashboard code — so a guest on mobile data downloads a fraction of the app.
 * The guide data request was already started by the inline script in guide.html.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startGuideLoad } from './api/get-guide';
import { GuideScreen } from './components/guide-screen';
import { guideIdFromPath } from './guide-id';

const id = guideIdFromPath(window.location.pathname);
// Before React renders: the first render then often already has the guide to show.
if (id) startGuideLoad(id);

// Marks for the benchmark's breakdown (tests/bench/guide.ts); they cost nothing measurable.
performance.mark('rg:script-start');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GuideScreen id={id} />
  </StrictMode>,
);
