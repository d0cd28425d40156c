/** Reads the local mailbox (password-reset emails) the Auth stand-in writes to; see local-stack/mail. */
import { inject } from 'vitest';

export interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  receivedAt: string;
}

export async function readInbox(email: string): Promise<InboxMessage[]> {
  const response = await fetch(`${inject('inboxUrl')}/api/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`The inbox answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as InboxMessage[];
}

/**
 * Waits until a message to `email` arrives that `matches` (newest first), e.g. one received after
 * `since`. Polls every 100 ms; fails with the inbox's content after `timeoutMs`.
 */
export async function waitForEmail(email: string, matches: (message: InboxMessage) => boolean = () => true, timeoutMs = 15_000): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  let last: InboxMessage[] = [];
  while (Date.now() < deadline) {
    last = await readInbox(email);
    const found = last.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No matching email to ${email} within ${timeoutMs} ms; inbox: ${JSON.stringify(last.map((m) => m.subject))}`);
}

/** The first link in a message that goes to the Auth verify endpoint (the reset/confirm link). */
export function verifyLink(message: InboxMessage): string {
  const link = message.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  if (!link) throw new Error(`No /auth/v1/verify link in "${message.subject}": ${message.links.join(', ')}`);
  return link;
}
