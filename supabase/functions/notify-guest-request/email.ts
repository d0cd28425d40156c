/**
 * The staff's email about a new guest request, in the property's original language (the language its team writes
 * the guide in). The request types' names are the guide's own (locales/<lang>/guest-requests.json), so the email, the
 * guide and the staff's queue use the same words.
 */
import { escapeHtml } from '../_shared/mail.ts';
import { emailLanguages, isEmailLanguage, type EmailLanguage } from '../send-team-invitation/email.ts';
import en from '../../../locales/en/guest-requests.json' with { type: 'json' };
import es from '../../../locales/es/guest-requests.json' with { type: 'json' };
import fr from '../../../locales/fr/guest-requests.json' with { type: 'json' };
import de from '../../../locales/de/guest-requests.json' with { type: 'json' };
import it from '../../../locales/it/guest-requests.json' with { type: 'json' };
import zh from '../../../locales/zh/guest-requests.json' with { type: 'json' };
import ja from '../../../locales/ja/guest-requests.json' with { type: 'json' };
import { REQUEST_TYPE_LABELS, isGuestRequestType } from '../../../src/lib/guest-requests.ts';

const requestMessages: Record<EmailLanguage, Record<string, string>> = { en, es, fr, de, it, zh, ja };

interface Words {
  subject: (room: string, type: string) => string;
  intro: (property: string) => string;
  room: string;
  note: string;
  time: string;
  button: string;
}

const words: Record<EmailLanguage, Words> = {
  en: {
    subject: (room, type) => `New request from room ${room}: ${type}`,
    intro: (property) => `A guest at ${property} sent a request from the room guide.`,
    room: 'Room',
    note: 'Note',
    time: 'Preferred time',
    button: 'Open the requests',
  },
  es: {
    subject: (room, type) => `Nueva solicitud de la habitación ${room}: ${type}`,
    intro: (property) => `Un huésped de ${property} ha enviado una solicitud desde la guía de la habitación.`,
    room: 'Habitación',
    note: 'Nota',
    time: 'Hora preferida',
    button: 'Abrir las solicitudes',
  },
  fr: {
    subject: (room, type) => `Nouvelle demande de la chambre ${room} : ${type}`,
    intro: (property) => `Un client de ${property} a envoyé une demande depuis le guide de la chambre.`,
    room: 'Chambre',
    note: 'Note',
    time: 'Heure souhaitée',
    button: 'Ouvrir les demandes',
  },
  de: {
    subject: (room, type) => `Neue Anfrage aus Zimmer ${room}: ${type}`,
    intro: (property) => `Ein Gast von ${property} hat über den Zimmerguide eine Anfrage gesendet.`,
    room: 'Zimmer',
    note: 'Notiz',
    time: 'Gewünschte Uhrzeit',
    button: 'Anfragen öffnen',
  },
  it: {
    subject: (room, type) => `Nuova richiesta dalla camera ${room}: ${type}`,
    intro: (property) => `Un ospite di ${property} ha inviato una richiesta dalla guida della camera.`,
    room: 'Camera',
    note: 'Nota',
    time: 'Orario preferito',
    button: 'Apri le richieste',
  },
  zh: {
    subject: (room, type) => `来自 ${room} 号房的新请求：${type}`,
    intro: (property) => `${property} 的一位客人通过房间指南发送了请求。`,
    room: '房间',
    note: '备注',
    time: '希望的时间',
    button: '打开请求列表',
  },
  ja: {
    subject: (room, type) => `${room} 号室から新しいリクエスト: ${type}`,
    intro: (property) => `${property} のゲストが客室ガイドからリクエストを送信しました。`,
    room: '客室',
    note: 'メモ',
    time: '希望時刻',
    button: 'リクエストを開く',
  },
};

export interface RequestEmailInput {
  language: string;
  property: string;
  room: string;
  type: string;
  note: string | null;
  preferredTime: string | null;
  link: string;
}

export function requestEmail(input: RequestEmailInput) {
  const language: EmailLanguage = isEmailLanguage(input.language) ? input.language : 'en';
  const w = words[language];
  const type = isGuestRequestType(input.type) ? requestMessages[language][REQUEST_TYPE_LABELS[input.type]] : input.type;
  const rows: [string, string][] = [
    [w.room, input.room],
    [requestMessages[language].requestTypeLabel, type],
  ];
  if (input.note) rows.push([w.note, input.note]);
  if (input.preferredTime) rows.push([w.time, input.preferredTime]);
  const subject = w.subject(input.room, type);
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1a202c;">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;">
    <p style="margin:0 0 16px;font-size:20px;font-weight:700;">RoomGuide</p>
    <p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(w.intro(input.property))}</p>
    <table style="border-collapse:collapse;line-height:1.5;">${rows
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap;">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
    <p style="margin:24px 0 0;"><a href="${link}" style="display:inline-block;background:#2b6cb0;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">${escapeHtml(w.button)}</a></p>
  </div>
</body>
</html>`;
  const text = [w.intro(input.property), '', ...rows.map(([label, value]) => `${label}: ${value}`), '', input.link].join('\n');
  return { subject, html, text };
}

export { emailLanguages };
