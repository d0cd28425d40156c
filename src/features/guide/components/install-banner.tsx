import { useState, useSyncExternalStore } from 'react';
import type { Translate } from '../lib/i18n';
import { canPromptInstall, dismissIosHint, promptInstall, shouldShowIosHint, subscribeInstallPrompt } from '../lib/install';

const subscribeNothing = () => () => undefined;

/** Chromium: an install button once the browser offers it. iOS Safari: a dismissible "Add to Home Screen" hint. */
export function InstallBanner({ t }: { t: Translate }) {
  const installable = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall, () => false);
  // Decided in the browser only (false while the service worker renders and during hydration).
  const iosEligible = useSyncExternalStore(subscribeNothing, shouldShowIosHint, () => false);
  const [dismissed, setDismissed] = useState(false);
  const iosHint = iosEligible && !dismissed;

  if (installable) {
    return (
      <div className="rg-install">
        <button type="button" className="rg-button rg-button-secondary" onClick={() => void promptInstall()}>
          {t('install')}
        </button>
      </div>
    );
  }
  if (!iosHint) return null;
  return (
    <div className="rg-install rg-install-hint" role="note">
      <svg className="rg-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2 7.5 6.5l1.4 1.4L11 5.8V15h2V5.8l2.1 2.1 1.4-1.4L12 2ZM5 10v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10h-3v2h1v8H7v-8h1v-2H5Z" />
      </svg>
      <p>{t('installHintIos')}</p>
      <button
        type="button"
        className="rg-icon-button"
        aria-label={t('dismiss')}
        onClick={() => {
          dismissIosHint();
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
