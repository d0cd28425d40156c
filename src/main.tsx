import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { startSessionSync } from '@/lib/session';

// Start listening before anything renders so INITIAL_SESSION (and a recovery link's PASSWORD_RECOVERY) is never missed.
startSessionSync();

// i18n loads its first namespace in the background; screens suspend (spinner) until their strings are in.
const i18n = initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
