/** The first inline script guideEntryPlugin (pwa.config.ts) bundles into guide.html; see boot-loader.ts. */
import { startGuideBoot } from './boot-loader';

startGuideBoot();
