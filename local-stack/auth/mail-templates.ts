/**
 * The emails the Auth stand-in sends. Supabase projects set these in the dashboard (Auth → Email
 * Templates); the wording here is what RoomGuide would configure there. `confirmationUrl` plays the role of
 * `{{ .ConfirmationURL }}`.
 */
import { escapeHtml } from '../http.ts';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export function recoveryEmail(opts: { email: string; confirmationUrl: string; expiresInMinutes: number }): EmailContent {
  const url = escapeHtml(opts.confirmationUrl);
  const email = escapeHtml(opts.email);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reset your RoomGuide password</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1a202c;">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;">
    <p style="margin:0 0 16px;font-size:20px;font-weight:700;">RoomGuide</p>
    <h1 style="margin:0 0 16px;font-size:22px;">Reset your password</h1>
    <p style="margin:0 0 16px;line-height:1.5;">Someone asked to reset the password of the RoomGuide account <strong>${email}</strong>. If that was you, choose a new password here:</p>
    <p style="margin:24px 0;"><a href="${url}" style="display:inline-block;background:#2b6cb0;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">Choose a new password</a></p>
    <p style="margin:0 0 16px;line-height:1.5;">The link works once and expires in ${opts.expiresInMinutes} minutes. If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#2b6cb0;word-break:break-all;">${url}</a></p>
    <p style="margin:0;line-height:1.5;color:#4a5568;">Did not ask for this? You can ignore this email: your password stays the same and nobody can change it without this link.</p>
  </div>
</body>
</html>`;
  const text = [
    'Reset your RoomGuide password',
    '',
    `Someone asked to reset the password of the RoomGuide account ${opts.email}. If that was you, open this link to choose a new password:`,
    '',
    opts.confirmationUrl,
    '',
    `The link works once and expires in ${opts.expiresInMinutes} minutes.`,
    '',
    'Did not ask for this? You can ignore this email: your password stays the same and nobody can change it without this link.',
  ].join('\n');
  return { subject: 'Reset your RoomGuide password', html, text };
}
