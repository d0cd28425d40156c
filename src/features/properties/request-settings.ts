/**
 * A property's request settings as the form holds them, and the check the database makes too
 * (properties_request_types_check, properties_request_emails_check), so a mistake is named before saving.
 */
import type { GuestRequestType } from '@/lib/guest-requests';

export interface RequestSettings {
  enabled: boolean;
  types: GuestRequestType[];
  /** The addresses as typed: comma- or newline-separated. */
  emails: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const MAX_REQUEST_EMAILS = 10;

export function parseEmails(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export type RequestSettingsError = 'typesRequired' | 'emailsInvalid';

export function settingsErrors(settings: RequestSettings): Partial<Record<'types' | 'emails', RequestSettingsError>> {
  const emails = parseEmails(settings.emails);
  return {
    ...(settings.types.length === 0 ? { types: 'typesRequired' as const } : {}),
    ...(emails.length > MAX_REQUEST_EMAILS || emails.some((email) => !EMAIL.test(email) || email.length > 254) ? { emails: 'emailsInvalid' as const } : {}),
  };
}
