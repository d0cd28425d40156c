/**
 * Phoenix channel frames as realtime-js 2.x sends and expects them (docs/realtime.md §2): the JSON object of
 * serializer 1.0.0, the JSON array of 2.0.0, and 2.0.0's binary user broadcasts (kind 3 from a client, kind 4 to one).
 */
export type SerializerVersion = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast a v2 client sent as a binary frame: relayed as such to v2 subscribers (kind 4). */
export interface UserBroadcastPush {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  /** The metadata JSON as sent, or ''. */
  metadata: string;
  /** 0: raw bytes, 1: JSON. */
  encoding: number;
  body: Buffer;
}

export class FrameError extends Error {}

const userBroadcastPushKind = 3;
const userBroadcastKind = 4;
const jsonEncoding = 1;

function refOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new FrameError('refs must be strings');
  return value;
}

export function decodeText(vsn: SerializerVersion, text: string): PhoenixMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('a 2.0.0 frame is [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
    return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FrameError('a 1.0.0 frame is a JSON object');
  const frame = parsed as Record<string, unknown>;
  if (typeof frame.topic !== 'string' || typeof frame.event !== 'string') throw new FrameError('topic and event must be strings');
  return { joinRef: refOrNull(frame.join_ref), ref: refOrNull(frame.ref), topic: frame.topic, event: frame.event, payload: frame.payload };
}

export function encodeText(vsn: SerializerVersion, message: PhoenixMessage): string {
  if (vsn === '2.0.0') return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref, join_ref: message.joinRef });
}

/**
 * `encodeText` for a payload already serialised: a change goes to many subscribers, and its JSON is made once.
 */
export function encodeTextWithPayloadJson(vsn: SerializerVersion, message: Omit<PhoenixMessage, 'payload'>, payloadJson: string): string {
  const ref = JSON.stringify(message.ref);
  const joinRef = JSON.stringify(message.joinRef);
  const topic = JSON.stringify(message.topic);
  const event = JSON.stringify(message.event);
  if (vsn === '2.0.0') return `[${joinRef},${ref},${topic},${event},${payloadJson}]`;
  return `{"topic":${topic},"event":${event},"payload":${payloadJson},"ref":${ref},"join_ref":${joinRef}}`;
}

/** A kind-3 frame (the only binary frame realtime-js sends). */
export function decodeUserBroadcastPush(frame: Buffer): UserBroadcastPush {
  if (frame.length < 7 || frame[0] !== userBroadcastPushKind) throw new FrameError('unknown binary frame');
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6]!;
  let offset = 7;
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((length) => {
    if (offset + length > frame.length) throw new FrameError('binary frame shorter than its header');
    const text = frame.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  return { joinRef: joinRef || null, ref: ref || null, topic, userEvent, metadata, encoding, body: frame.subarray(offset) };
}

/** The kind-4 frame realtime-js decodes into a `broadcast` event. */
export function encodeUserBroadcast(push: Pick<UserBroadcastPush, 'topic' | 'userEvent' | 'metadata' | 'encoding' | 'body'>): Buffer {
  const topic = Buffer.from(push.topic, 'utf8');
  const userEvent = Buffer.from(push.userEvent, 'utf8');
  const metadata = Buffer.from(push.metadata, 'utf8');
  if (topic.length > 255 || userEvent.length > 255 || metadata.length > 255) throw new FrameError('binary header field over 255 bytes');
  const header = Buffer.from([userBroadcastKind, topic.length, userEvent.length, metadata.length, push.encoding]);
  return Buffer.concat([header, topic, userEvent, metadata, push.body]);
}

/** The JSON `broadcast` payload a v1 subscriber (or a JSON push) gets for a binary push; null for raw bytes. */
export function userBroadcastAsJson(push: UserBroadcastPush): Record<string, unknown> | null {
  if (push.encoding !== jsonEncoding) return null;
  let payload: unknown;
  let meta: unknown;
  try {
    payload = JSON.parse(push.body.toString('utf8'));
    meta = push.metadata ? (JSON.parse(push.metadata) as unknown) : undefined;
  } catch {
    throw new FrameError('broadcast body or metadata is not JSON');
  }
  return { type: 'broadcast', event: push.userEvent, payload, ...(meta === undefined ? {} : { meta }) };
}
