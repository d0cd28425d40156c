/**
 * The guest entry (guide.html, served for /guide/*): React and the guide screen only — no router, Chakra,
 * supabase-js, i18next or dashboard code — so a guest on mobile data downloads a fraction of the app.
 * The guide data request was already started by the inline script in guide.html.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstGuideToShow, startGuideLoad, type GuideLoadResult } from './api/get-guide';
import { GuideScreen } from './components/guide-screen';
import { guideIdFromPath } from './guide-id';
import { isGuideLanguage, readStoredLanguage } from './lib/language';
import { prerenderedTree, readPrerenderedGuide } from './prerendered';
import './guide.css';

// Marks for the benchmark's breakdown (tests/bench/guide.ts); they cost nothing measurable.
performance.mark('rg:script-start');

const id = guideIdFromPath(window.location.pathname);
const root = document.getElementById('root')!;

function mount(initial: GuideLoadResult | null): void {
  performance.mark('rg:mount');
  createRoot(root).render(
    <StrictMode>
      <GuideScreen id={id} initial={initial} />
    </StrictMode>,
  );
}

const prerendered = readPrerenderedGuide(id);
const storedLanguage = readStoredLanguage();
if (id && prerendered && isGuideLanguage(storedLanguage) && storedLanguage !== prerendered.language) {
  // The worker rendered it in an older language choice: render afresh (instantly, the guide is in hand).
  startGuideLoad(id);
  mount({ status: 'found', guide: prerendered.guide, savedAt: null });
} else if (id && prerendered) {
  // The service worker already painted the saved guide: make it live, and refresh it from the network.
  startGuideLoad(id);
  performance.mark('rg:mount');
  hydrateRoot(root, prerenderedTree(prerendered));
} else if (id) {
  // Wait (behind guide.html's own spinner) for the saved copy or the network, up to 1.5 s, so React renders the
  // guide in its first pass; after that the screen shows its spinner and keeps waiting.
  void firstGuideToShow(startGuideLoad(id), 1500).then(mount);
} else {
  mount(null);
}
