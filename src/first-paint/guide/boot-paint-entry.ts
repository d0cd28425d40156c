/** The inline script guideEntryPlugin (pwa.config.ts) bundles into guide.html; see boot-paint.ts. */
import { startBootPaint } from './boot-paint';

startBootPaint();
