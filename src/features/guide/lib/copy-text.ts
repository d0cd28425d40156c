/**
 * Puts `text` on the clipboard: the Clipboard API, else the legacy selection copy (older WebViews, insecure
 * contexts). One definition for the live WiFi card (components/wifi-card.tsx) and for a tap on the card painted before
 * the guide is live (src/first-paint/guide/early-taps.ts), which the inline script bundles: no imports.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    field.remove();
    return copied;
  }
}
