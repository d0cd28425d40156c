/**
 * App-wide toasts. Use `toaster.create({ type: 'success' | 'error' | 'info' | 'warning', title })`
 * from anywhere; `<Toaster />` is mounted once by the app provider. At most 20 show at once (docs/product-spec.md §9).
 */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

// Below the sticky navbar (4rem high, more with a host's menu row: the theme sets --rg-toast-top then), so a message
// never covers its buttons and links (Sign Out, the plan, the menu).
export const toaster = createToaster({
  placement: 'top-end',
  max: 20,
  pauseOnPageIdle: true,
  offsets: { top: 'var(--rg-toast-top, 4.75rem)', right: '1rem', bottom: '1rem', left: '1rem' },
});

/**
 * The message for a save that worked. The error messages still on screen were about the attempts before it and no
 * longer hold; they go, so that they do not stay stacked over the next screen's buttons (a paused toast stays while
 * the pointer rests on it). So does the same message from the save before (a host adding rooms one after another
 * sees one "QR code created!", not a growing stack over the page's heading on a phone).
 */
export function toastSaved(title: string): void {
  for (const shown of toaster.getVisibleToasts()) {
    const outdated = shown.type === 'error' || (shown.type === 'success' && shown.title === title);
    if (outdated && shown.id !== undefined) toaster.dismiss(shown.id);
  }
  toaster.create({ type: 'success', title });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="colorPalette.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
