/**
 * What can go wrong with a QR code call, as the screens need to tell it apart. The api/ functions turn
 * PostgREST and Storage errors into these; components turn `kind` into a translated message.
 */
export type QrErrorKind =
  | 'limitReached'
  | 'notFound'
  | 'createFailed'
  | 'updateFailed'
  | 'deleteFailed'
  | 'fetchFailed'
  | 'uploadFailed'
  | 'invalidInput';

export class QrCodeError extends Error {
  readonly kind: QrErrorKind;
  constructor(kind: QrErrorKind, detail?: string) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'QrCodeError';
    this.kind = kind;
  }
}

interface PostgrestLikeError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/** The quota trigger's message (DESIGN.md §3); matched loosely so a trailing period or case change still maps. */
const limitMessage = /qr code limit/i;

/**
 * Maps a database error from an insert or update to a kind. The quota trigger raises
 * 'You have reached your QR code limit.' with SQLSTATE 'QUOTA' (the message is matched too, in case the code changes);
 * check and not-null violations mean the input was refused; anything else is a failure of the operation.
 */
export function classifyQrWriteError(error: PostgrestLikeError, fallback: 'createFailed' | 'updateFailed'): QrErrorKind {
  const text = [error.message, error.details, error.hint].filter(Boolean).join(' ');
  if (error.code === 'QUOTA' || limitMessage.test(text)) return 'limitReached';
  if (error.code === '23514' || error.code === '23502' || error.code === '22001' || error.code === '22P02') {
    return 'invalidInput';
  }
  return fallback;
}

/** i18n key (namespace `qr`) for an error thrown by a QR code call. */
export function qrErrorMessageKey(error: unknown, fallback: QrErrorKind): string {
  const kind = error instanceof QrCodeError ? error.kind : fallback;
  return `errors.${kind}`;
}
