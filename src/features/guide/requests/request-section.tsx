/**
 * The guide's "Ask the staff" card (loaded on demand, and precached with the guide, when the property takes
 * requests): choose a type, add an optional note and time, send without any login. A request made offline is kept
 * on the device (outbox.ts) and sent when the connection returns; the card says so. The guest's requests of this
 * room and device show below with their status and the staff's reply, from the device's last copy at once and
 * then from the API, re-read while one is still open.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { REQUEST_NOTE_MAX, REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, type GuestRequestType } from '@/lib/guest-requests';
import type { GuideLanguage } from '../lib/language';
import { scanDeviceToken } from '../lib/scan-throttle';
import { fetchRequests, sendRequest } from './api';
import { requestTranslator } from './i18n';
import { readBook, withSent, withServerList, writeBook, type PendingRequest, type RequestBook } from './outbox';
import './requests.css';

/** While a request is open the card re-reads its status this often (the page visible and online). */
const STATUS_REFRESH_MS = 10_000;
/** A request kept on the device is tried again this often while the browser believes it is online. */
const RETRY_MS = 15_000;

function deviceStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Message =
  'requestSent' | 'requestQueued' | 'requestKept' | 'requestLimited' | 'requestFailed' | 'requestNoteMissing' | 'requestTimeInvalid' | 'requestsOff';
/** A request kept on the device to be sent later: said once, not again on every retry, and not as an error. */
const waitingMessages: ReadonlySet<Message> = new Set(['requestQueued', 'requestKept']);

function messageForRefusal(field: string | null): Message {
  if (field === 'note') return 'requestNoteMissing';
  if (field === 'preferred_time') return 'requestTimeInvalid';
  if (field === 'requests_enabled' || field === 'type') return 'requestsOff';
  return 'requestFailed';
}

function useRequestBook(guideId: string) {
  const [storage] = useState(deviceStorage);
  // The guide's anonymous device token (the one its scans send); without storage, one for this page only.
  const [deviceToken] = useState(() => (storage && scanDeviceToken(guideId, storage, randomId)) || randomId());
  const [book, setBook] = useState<RequestBook>(() => readBook(guideId, storage));
  const bookRef = useRef(book);
  const update = useCallback(
    (change: (current: RequestBook) => RequestBook) => {
      bookRef.current = change(bookRef.current);
      writeBook(guideId, bookRef.current, storage);
      setBook(bookRef.current);
    },
    [guideId, storage],
  );
  return { book, bookRef, update, deviceToken };
}

export default function RequestSection({ guideId, types, language }: { guideId: string; types: GuestRequestType[]; language: GuideLanguage }) {
  const t = useMemo(() => requestTranslator(language), [language]);
  const { book, bookRef, update, deviceToken } = useRequestBook(guideId);
  const [type, setType] = useState<GuestRequestType>(types[0]);
  const [note, setNote] = useState('');
  const [time, setTime] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);
  const flushing = useRef(false);

  /** Sends every request kept on the device, oldest first; stops at the first that must wait. */
  const flush = useCallback(async (): Promise<Message | null> => {
    if (flushing.current) return null;
    flushing.current = true;
    let outcome: Message | null = null;
    try {
      for (const request of [...bookRef.current.pending].reverse()) {
        const result = await sendRequest(guideId, deviceToken, request);
        // Offline, or the server could not take it now (a 5xx while online): kept, said as it is.
        if (result.kind === 'retry') return navigator.onLine ? 'requestKept' : 'requestQueued';
        if (result.kind === 'sent') {
          update((current) => withSent(current, result.request));
          outcome = 'requestSent';
        } else {
          update((current) => ({ ...current, pending: current.pending.filter((item) => item.id !== request.id) }));
          outcome = result.kind === 'limited' ? 'requestLimited' : messageForRefusal(result.field);
        }
      }
    } finally {
      flushing.current = false;
    }
    return outcome;
  }, [bookRef, deviceToken, guideId, update]);

  const refresh = useCallback(async () => {
    const list = await fetchRequests(guideId, deviceToken);
    if (list) update((current) => withServerList(current, list));
  }, [deviceToken, guideId, update]);

  // On opening and whenever the connection returns: send what waits, then read the statuses.
  useEffect(() => {
    const catchUp = () => {
      void flush().then((outcome) => {
        if (outcome) setMessage(outcome);
        return refresh();
      });
    };
    catchUp();
    window.addEventListener('online', catchUp);
    return () => window.removeEventListener('online', catchUp);
  }, [flush, refresh]);

  const waiting = book.pending.length > 0;
  const open = book.sent.some((request) => request.status !== 'done');
  useEffect(() => {
    if (!waiting && !open) return;
    const tick = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      if (bookRef.current.pending.length > 0) void flush().then((outcome) => outcome && !waitingMessages.has(outcome) && setMessage(outcome));
      else void refresh();
    };
    const timer = window.setInterval(tick, waiting ? RETRY_MS : STATUS_REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [waiting, open, flush, refresh, bookRef]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cleanNote = note.trim();
    if (type === 'other' && !cleanNote) return setMessage('requestNoteMissing');
    const request: PendingRequest = {
      id: randomId(),
      type,
      note: cleanNote || null,
      preferredTime: time || null,
      language,
      createdAt: new Date().toISOString(),
    };
    update((current) => ({ ...current, pending: [request, ...current.pending] }));
    setNote('');
    setTime('');
    setSending(true);
    setMessage((await flush()) ?? 'requestQueued');
    setSending(false);
  };

  const shown = [...book.pending.map((request) => ({ ...request, status: null, reply: null })), ...book.sent];
  const typeLabel = (value: GuestRequestType) => t(REQUEST_TYPE_LABELS[value]);

  return (
    <section className="rg-card rg-requests" aria-labelledby="rg-requests-title">
      <h2 id="rg-requests-title" className="rg-card-title">
        {t('requestsTitle')}
      </h2>
      <p className="rg-text">{t('requestsIntro')}</p>
      <form className="rg-request-form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="rg-request-types">
          <legend className="rg-label">{t('requestTypeLabel')}</legend>
          {types.map((value) => (
            <label key={value} className="rg-request-type">
              <input type="radio" name="rg-request-type" value={value} checked={type === value} onChange={() => setType(value)} />
              <span>{typeLabel(value)}</span>
            </label>
          ))}
        </fieldset>
        <div className="rg-field">
          <label className="rg-label" htmlFor="rg-request-note">
            {type === 'other' ? t('requestNoteOther') : t('requestNote')}
          </label>
          <textarea
            id="rg-request-note"
            aria-describedby="rg-request-note-count"
            value={note}
            maxLength={REQUEST_NOTE_MAX}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            required={type === 'other'}
          />
          <span id="rg-request-note-count" className="rg-muted rg-field-hint">
            {t('requestNoteCount', { count: note.length })}
          </span>
        </div>
        <label className="rg-field">
          <span className="rg-label">{t('requestTime')}</span>
          <input type="time" value={time} onChange={(event) => setTime(event.target.value)} />
        </label>
        <div className="rg-actions">
          <button type="submit" className="rg-button rg-button-primary" disabled={sending}>
            {sending ? t('requestSending') : t('requestSend')}
          </button>
        </div>
        <p className={message && message !== 'requestSent' && !waitingMessages.has(message) ? 'rg-status rg-error-text' : 'rg-status'} role="status">
          {message ? t(message) : ''}
        </p>
      </form>
      {shown.length > 0 && (
        <>
          <h3 className="rg-subtitle">{t('yourRequests')}</h3>
          <ul className="rg-request-list">
            {shown.map((request) => (
              <li key={request.id} className="rg-request">
                <p className="rg-request-head">
                  <span className="rg-strong">{typeLabel(request.type)}</span>
                  <span className="rg-request-status" data-status={request.status ?? 'waiting'}>
                    {request.status ? t(REQUEST_STATUS_LABELS[request.status]) : t('requestStatusWaiting')}
                  </span>
                </p>
                {request.note && <p className="rg-text">{request.note}</p>}
                {request.preferredTime && <p className="rg-muted">{t('requestPreferredAt', { time: request.preferredTime })}</p>}
                {request.reply && (
                  <div className="rg-request-reply">
                    <p className="rg-label">{t('requestReply')}</p>
                    <p className="rg-text">{request.reply}</p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
