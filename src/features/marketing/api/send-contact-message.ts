import { env } from '@/lib/env';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Posts the contact form to the form service (`VITE_CONTACT_FORM_ENDPOINT`; the local stack's form sink
 * by default) as multipart form data, asking for JSON. Resolves true on a 2xx answer and false on any
 * other status; a network failure rejects.
 */
export async function sendContactMessage(message: ContactMessage): Promise<boolean> {
  const body = new FormData();
  body.append('name', message.name);
  body.append('email', message.email);
  body.append('subject', message.subject);
  body.append('message', message.message);
  const response = await fetch(env.contactFormEndpoint, { method: 'POST', body, headers: { Accept: 'application/json' } });
  return response.ok;
}
