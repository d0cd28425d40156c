/**
 * Sends one email through a Resend-compatible `POST /emails` API (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM): the local
 * stack's inbox, or Resend on a hosted project. Without MAIL_API_URL it answers 503 mail_not_configured.
 */
import { HttpError } from './errors.ts';
import { getEnv } from './env.ts';

export interface Mail {
  to: string[];
  subject: string;
  html: string;
  text: string;
}

export function mailConfigured(): boolean {
  return Boolean(getEnv('MAIL_API_URL'));
}

export async function sendMail(context: string, mail: Mail, failure = 'The email could not be sent: try again.'): Promise<void> {
  const apiUrl = getEnv('MAIL_API_URL');
  if (!apiUrl) throw new HttpError(503, 'mail_not_configured', 'Email is not set up for this project.');
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getEnv('MAIL_API_KEY') ?? ''}` },
    body: JSON.stringify({ from: getEnv('MAIL_FROM') || 'RoomGuide <onboarding@resend.dev>', ...mail }),
  });
  if (!response.ok) {
    console.error(`[${context}] the mail API answered`, response.status, await response.text());
    throw new HttpError(502, 'mail_failed', failure);
  }
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
