/**
 * The hosts' notices at the top of the live guide, each only inside its window and in the guest's language where the
 * host translated it. The list changes by itself when a notice starts or ends while the guide is open; the static
 * paints draw the same list (guide-view.tsx) as it stands when they paint.
 */
import { useEffect, useState } from 'react';
import type { Translate } from '../lib/i18n';
import type { GuideLanguage } from '../lib/language';
import { currentNotices, nextNoticeChange } from '../lib/notices';
import type { GuideNotice } from '../types';
import { NoticeList } from './guide-view';

/** setTimeout's longest delay is about 24.8 days; an hour is plenty between checks. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

export function GuideNotices({ notices, language, t }: { notices: GuideNotice[]; language: GuideLanguage; t: Translate }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = nextNoticeChange(notices, now);
    if (next === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, LONGEST_WAIT_MS));
    return () => window.clearTimeout(timer);
  }, [notices, now]);
  return <NoticeList notices={currentNotices(notices, language, now)} t={t} />;
}
