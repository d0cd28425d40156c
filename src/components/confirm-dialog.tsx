/**
 * A confirmation dialog. Either render `<ConfirmDialog open … />` yourself, or call
 * `await confirm({ message })` from an event handler: it resolves true on confirm, false on cancel,
 * through the one `<ConfirmDialogHost />` that the app provider mounts.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { atom, store, useAtomValue } from '@/lib/jotai';

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (red); true by default since most confirms delete. */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, message, title, confirmLabel, cancelLabel, destructive = true, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title ?? t('confirm.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11" disabled={busy}>
                  {cancelLabel ?? t('actions.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button minH="11" colorPalette={destructive ? 'red' : undefined} loading={busy} onClick={onConfirm}>
                {confirmLabel ?? t('actions.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

const pendingConfirmAtom = atom<PendingConfirm | null>(null);

export function confirm(options: ConfirmOptions): Promise<boolean> {
  store.get(pendingConfirmAtom)?.resolve(false);
  return new Promise((resolve) => store.set(pendingConfirmAtom, { ...options, resolve }));
}

function settle(confirmed: boolean): void {
  const pending = store.get(pendingConfirmAtom);
  store.set(pendingConfirmAtom, null);
  pending?.resolve(confirmed);
}

export function ConfirmDialogHost() {
  const pending = useAtomValue(pendingConfirmAtom);
  return (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      title={pending?.title}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={pending?.cancelLabel}
      destructive={pending?.destructive}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
}
