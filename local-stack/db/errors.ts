/** How database failures are told: one line for a person, the server's last output kept beside it. */

/** A failure meant for a person: `message` is one line; `logTail` holds the server's last output if any. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  constructor(
    message: string,
    readonly logTail?: string,
  ) {
    super(message);
  }
}

export function describePgError(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const { message, detail, code } = error as { message: string; detail?: string; code?: string };
    return `${message}${detail ? ` (${detail})` : ''}${code ? ` [SQLSTATE ${code}]` : ''}`.replace(/\s*\n\s*/g, ' ');
  }
  return String(error);
}

export function snippet(sql: string): string {
  const code = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return code.length > 70 ? `${code.slice(0, 67)}...` : code;
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0];
}

export function lastMeaningfulLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /FATAL|ERROR|error/i.test(line)) ?? lines.at(-1) ?? 'no output';
}

export function stripLogPrefix(line: string): string {
  return line.replace(/^.*?(FATAL|ERROR|LOG):\s*/, '$1: ');
}

export function tail(text: string, lines = 20): string {
  return text.split('\n').slice(-lines).join('\n');
}
