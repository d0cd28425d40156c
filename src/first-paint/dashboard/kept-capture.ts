/**
 * Keeps the dashboard as it is shown now (store.ts) for the next visit's first paint (paint.ts): the app root's tree
 * and the style rules the app made at run time (Chakra's, in <style> elements; the build's stylesheets load with the
 * page anyway).
 */
import { treeOf } from './kept-dom';
import { keepDashboard } from './kept-store';
import { APP_ROOT_ID } from '../contract';

/** A rule that could fetch something is left out: the kept copy loads nothing. */
const fetchesSomething = /url\(|image-set\(|@import/i;

function runTimeStyleRules(): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (!(owner instanceof HTMLStyleElement) || !owner.hasAttribute('data-emotion')) continue;
    try {
      for (const rule of Array.from(sheet.cssRules)) if (!fetchesSomething.test(rule.cssText)) rules.push(rule.cssText);
    } catch {
      // a sheet whose rules cannot be read is left out
    }
  }
  return rules.join('\n');
}

/** Keeps the page under the app's root for `userId`, as shown in `language`. */
export function keepShownDashboard(userId: string, language: string): void {
  const root = document.getElementById(APP_ROOT_ID);
  if (!root || userId === '') return;
  keepDashboard({ userId, language, viewportWidth: window.innerWidth, css: runTimeStyleRules(), nodes: treeOf(root) });
}
