/** The inbox page: every message newest first, each shown as it would render in a mail client. */
import type { MailMessage } from './index.ts';
import { escapeHtml } from '../http.ts';

/** The email's own HTML, links opening in the top window (the sandbox blocks its scripts). */
function messageDocument(message: MailMessage): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(message.html) ? message.html.replace(/<head([^>]*)>/i, `<head$1>${base}`) : `${base}${message.html}`;
}

function renderMessage(message: MailMessage, index: number): string {
  const when = new Date(message.receivedAt);
  const links = message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('');
  return `<article class="message" id="m-${escapeHtml(message.id)}">
  <details${index === 0 ? ' open' : ''}>
    <summary>
      <span class="subject">${escapeHtml(message.subject)}</span>
      <span class="meta">to <strong>${escapeHtml(message.to)}</strong> · <time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(when.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }))} UTC</time></span>
    </summary>
    <iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(messageDocument(message))}"></iframe>
    ${links ? `<p class="label">Links in this email</p><ul class="links">${links}</ul>` : ''}
    <details class="plain"><summary>Plain-text version</summary><pre>${escapeHtml(message.text)}</pre></details>
  </details>
</article>`;
}

export function renderInboxPage(messages: MailMessage[], filter: string): string {
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : `<p class="empty">${filter ? `No email to ${escapeHtml(filter)} yet.` : 'No email yet.'} Ask for a password reset in the app, then reload this page.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RoomGuide dev inbox${messages.length ? ` (${messages.length})` : ''}</title>
<style>
  :root { color-scheme: light; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  body { margin: 0; background: #f4f6f8; color: #1a202c; }
  header { background: #1a365d; color: #fff; padding: 16px; }
  header h1 { margin: 0 0 4px; font-size: 1.25rem; }
  header p { margin: 0; font-size: 0.9rem; opacity: 0.9; line-height: 1.4; }
  main { max-width: 760px; margin: 0 auto; padding: 12px; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin: 4px 0 12px; }
  input[type=email] { flex: 1 1 220px; min-height: 44px; font-size: 1rem; padding: 0 12px; border: 1px solid #a0aec0; border-radius: 8px; }
  button, .button { min-height: 44px; font-size: 1rem; padding: 0 16px; border: 0; border-radius: 8px; background: #2b6cb0; color: #fff; text-decoration: none; display: inline-flex; align-items: center; cursor: pointer; }
  .button.secondary { background: #e2e8f0; color: #1a202c; }
  .message { background: #fff; border-radius: 12px; margin: 0 0 12px; box-shadow: 0 1px 2px rgba(0,0,0,.08); overflow: hidden; }
  .message > details > summary { padding: 14px 16px; cursor: pointer; list-style: none; display: flex; flex-direction: column; gap: 4px; }
  .subject { font-weight: 700; font-size: 1.05rem; }
  .meta { font-size: 0.85rem; color: #4a5568; overflow-wrap: anywhere; }
  iframe { width: 100%; min-height: 460px; border: 0; border-top: 1px solid #e2e8f0; background: #f4f6f8; }
  .label { margin: 12px 16px 4px; font-size: 0.85rem; color: #4a5568; }
  .links { margin: 0 16px 12px; padding-left: 20px; overflow-wrap: anywhere; font-size: 0.9rem; line-height: 1.6; }
  .plain { margin: 0 16px 16px; font-size: 0.9rem; }
  .plain pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7fafc; padding: 12px; border-radius: 8px; }
  .empty { background: #fff; padding: 24px 16px; border-radius: 12px; text-align: center; color: #4a5568; line-height: 1.5; }
</style>
</head>
<body>
<header>
  <h1>RoomGuide dev inbox</h1>
  <p>Emails the local Auth service would send (password resets). This is an in-memory inbox for development: nothing leaves this computer and it empties when the stack stops.</p>
</header>
<main>
  <form method="get" action="">
    <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(filter)}" aria-label="Filter by recipient">
    <button type="submit">Filter</button>
    <a class="button secondary" href="?">Show all · reload</a>
  </form>
  ${list}
</main>
</body>
</html>`;
}
