/**
 * The guest entry (guide.html, served for /guide/*): React and the guide screen only — no router, Chakra,
 * supabase-js, i18next or dashboard code — so a guest on mobile data downloads a fraction of the app.
 * The guide data request was already started by the inline script in guide.html.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GuideScreen } from './components/guide-screen';
import { guideIdFromPath } from './guide-id';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GuideScreen id={guideIdFromPath(window.location.pathname)} />
  </StrictMode>,
);
