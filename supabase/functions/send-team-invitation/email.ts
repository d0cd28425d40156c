/**
 * The invitation email, in the inviter's language (one of the app's seven). Plain words and one link: it opens the
 * invitation page, where a new person creates their account (chooses a password) and an existing user signs in, and
 * both accept.
 */
import { escapeHtml } from '../_shared/mail.ts';

export const emailLanguages = ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'] as const;
export type EmailLanguage = (typeof emailLanguages)[number];

interface Words {
  subject: (team: string) => string;
  invited: (inviter: string, team: string, role: string) => string;
  button: string;
  expires: string;
  roles: Record<string, string>;
}

const words: Record<EmailLanguage, Words> = {
  en: {
    subject: (team) => `You are invited to join ${team} on RoomGuide`,
    invited: (inviter, team, role) => `${inviter} invited you to join ${team} on RoomGuide as ${role}.`,
    button: 'Open the invitation',
    expires: 'The link works once and expires in 7 days. If you have no RoomGuide account yet, you create one on that page.',
    roles: { admin: 'Admin', editor: 'Editor', front_desk: 'Front desk' },
  },
  es: {
    subject: (team) => `Te han invitado a unirte a ${team} en RoomGuide`,
    invited: (inviter, team, role) => `${inviter} te ha invitado a unirte a ${team} en RoomGuide como ${role}.`,
    button: 'Abrir la invitación',
    expires: 'El enlace funciona una vez y caduca en 7 días. Si aún no tienes cuenta de RoomGuide, la creas en esa página.',
    roles: { admin: 'Administrador', editor: 'Editor', front_desk: 'Recepción' },
  },
  fr: {
    subject: (team) => `Vous êtes invité à rejoindre ${team} sur RoomGuide`,
    invited: (inviter, team, role) => `${inviter} vous invite à rejoindre ${team} sur RoomGuide en tant que ${role}.`,
    button: "Ouvrir l'invitation",
    expires: "Le lien fonctionne une fois et expire dans 7 jours. Si vous n'avez pas encore de compte RoomGuide, vous le créez sur cette page.",
    roles: { admin: 'Administrateur', editor: 'Éditeur', front_desk: 'Réception' },
  },
  de: {
    subject: (team) => `Sie sind eingeladen, ${team} bei RoomGuide beizutreten`,
    invited: (inviter, team, role) => `${inviter} lädt Sie ein, ${team} bei RoomGuide als ${role} beizutreten.`,
    button: 'Einladung öffnen',
    expires: 'Der Link funktioniert einmal und läuft in 7 Tagen ab. Ohne RoomGuide-Konto legen Sie auf dieser Seite eines an.',
    roles: { admin: 'Administrator', editor: 'Bearbeiter', front_desk: 'Rezeption' },
  },
  it: {
    subject: (team) => `Sei invitato a unirti a ${team} su RoomGuide`,
    invited: (inviter, team, role) => `${inviter} ti ha invitato a unirti a ${team} su RoomGuide come ${role}.`,
    button: "Apri l'invito",
    expires: 'Il link funziona una volta e scade tra 7 giorni. Se non hai ancora un account RoomGuide, lo crei in quella pagina.',
    roles: { admin: 'Amministratore', editor: 'Editor', front_desk: 'Reception' },
  },
  zh: {
    subject: (team) => `您受邀加入 RoomGuide 上的 ${team}`,
    invited: (inviter, team, role) => `${inviter} 邀请您以「${role}」身份加入 RoomGuide 上的 ${team}。`,
    button: '打开邀请',
    expires: '该链接只能使用一次，7 天后失效。如果您还没有 RoomGuide 账户，可以在该页面创建。',
    roles: { admin: '管理员', editor: '编辑', front_desk: '前台' },
  },
  ja: {
    subject: (team) => `RoomGuide の ${team} に招待されました`,
    invited: (inviter, team, role) => `${inviter} さんが、RoomGuide の ${team} に「${role}」として参加するようあなたを招待しました。`,
    button: '招待を開く',
    expires: 'このリンクは 1 回だけ使え、7 日後に無効になります。RoomGuide のアカウントがない場合は、そのページで作成できます。',
    roles: { admin: '管理者', editor: '編集者', front_desk: 'フロント' },
  },
};

export function isEmailLanguage(value: unknown): value is EmailLanguage {
  return typeof value === 'string' && (emailLanguages as readonly string[]).includes(value);
}

export function invitationEmail(opts: { language: EmailLanguage; inviter: string; team: string; role: string; link: string }) {
  const w = words[opts.language];
  const role = w.roles[opts.role] ?? opts.role;
  const invited = w.invited(opts.inviter, opts.team, role);
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html lang="${opts.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.subject(opts.team))}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1a202c;">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;">
    <p style="margin:0 0 16px;font-size:20px;font-weight:700;">RoomGuide</p>
    <p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(invited)}</p>
    <p style="margin:24px 0;"><a href="${link}" style="display:inline-block;background:#2b6cb0;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;">${escapeHtml(w.button)}</a></p>
    <p style="margin:0;line-height:1.5;color:#4a5568;">${escapeHtml(w.expires)}<br><a href="${link}" style="color:#2b6cb0;word-break:break-all;">${link}</a></p>
  </div>
</body>
</html>`;
  const text = [invited, '', opts.link, '', w.expires].join('\n');
  return { subject: w.subject(opts.team), html, text };
}
