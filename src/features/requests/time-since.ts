/** "5 minutes ago" in the staff's language: how long a guest has been waiting. */
export function timeSince(iso: string, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(0, 'minute');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}
