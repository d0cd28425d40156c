/**
 * The guest entry (guide.html, served for /guide/*): React and the guide screen only — no router, Chakra,
 * supabase-js, i18next or dashboard code — so a guest on mobile data downloads a fraction of the app.
 * The guide data request was already started by the inline script in guide.html.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { guideIdFromPath } from '@/lib/guide-url';
import { registerAppServiceWorker } from '@/lib/service-worker-registration';
import { firstGuideToShow, startGuideLoad, type GuideLoadResult } from './api/get-guide';
import { GuideScreen } from './components/guide-screen';
import './guide.css';
import './guide-controls.css';
import { APP_ROOT_ID } from '@/first-paint/contract';

// Marks for the benchmark's breakdown (tests/bench/guide.ts); they cost nothing measurable.
performance.mark('rg:script-start');

const id = guideIdFromPath(window.location.pathname);
const root = document.getElementById(APP_ROOT_ID)!;

/** React takes #root over (a static paint in it is replaced by the same guide, now live). */
function mount(initial: GuideLoadResult | null): void {
  performance.mark('rg:mount');
  createRoot(root).render(
    <StrictMode>
      <GuideScreen id={id} initial={initial} />
    </StrictMode>,
  );
}

if (id) {
  // A guide already on screen (the saved page, or guide.html's first paint) stays until React can show it too.
  // Otherwise guide.html's spinner waits up to 1.5 s for the saved copy or the network, so React renders the guide
  // in its first pass; after that the screen shows its own spinner and keeps waiting.
  const painted = root.querySelector('.rg-guide') !== null;
  void firstGuideToShow(startGuideLoad(id), painted ? null : 1500).then(mount);
} else {
  mount(null);
}

registerAppServiceWorker();
