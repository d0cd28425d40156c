/**
 * Scan inflation: anyone can call record_scan in a loop through the public API. The server counts a device token
 * once per guide per 10-minute window and an address at most 10 times per guide per hour window; every refused
 * call is a 429 (PT429), so the scans counted always equal the 2xx answers. These attacks go through the gateway and PostgREST
 * of a running stack: one token in a loop, rotating tokens, no token, rotating tokens with forged forwarding
 * headers. Guests on other addresses (other loopback source addresses) and the attacker's other guides keep counting.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';

interface Answer {
  status: number;
  body: { code?: string; message?: string; details?: string; hint?: string } | null;
}

let db: pg.Client;
let owner: string;
let propertyId: string;
let rooms = 0;
/** 2xx answers to record_scan per guide, to compare with what the database counted. */
const accepted = new Map<string, number>();

/** POST /rest/v1/rpc/record_scan as a guest page does, from `localAddress` (a loopback address) with extra headers. */
function recordScan(roomId: string, options: { deviceToken?: string | null; localAddress?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const deviceToken = options.deviceToken === undefined ? randomUUID() : options.deviceToken;
  const body = JSON.stringify(deviceToken === null ? { qr_id: roomId } : { qr_id: roomId, device_token: deviceToken });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${inject('apiUrl')}/rest/v1/rpc/record_scan`,
      {
        method: 'POST',
        localAddress: options.localAddress,
        headers: { apikey: anonKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) accepted.set(roomId, (accepted.get(roomId) ?? 0) + 1);
          resolve({ status, body: text ? (JSON.parse(text) as Answer['body']) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function loop(times: number, call: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await call(i));
  return answers;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

async function newGuide(): Promise<string> {
  rooms += 1;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.qr_codes (user_id, property_id, name, room_number) values ($1, $2, $3, $3) returning id`,
    [owner, propertyId, `Room ${rooms}`],
  );
  return rows[0].id;
}

/** The rate limit's current 10-minute window (hour windows start on one of them too). */
async function limitWindow(): Promise<string> {
  const { rows } = await db.query<{ window: string }>(`select date_bin('10 minutes', now(), timestamptz '2000-01-01 00:00:00+00')::text as window`);
  return rows[0].window;
}

/**
 * Runs an attack that must stay inside one limit window; if it failed while a window ended (a new window lets
 * the counts through again), it runs once more on a fresh guide.
 */
async function inOneWindow(attack: () => Promise<void>): Promise<void> {
  const started = await limitWindow();
  try {
    await attack();
  } catch (error) {
    if ((await limitWindow()) === started) throw error;
    await attack();
  }
}

async function counted(roomId: string): Promise<number> {
  const { rows } = await db.query<{ scans: number }>('select coalesce(sum(scans), 0)::integer as scans from public.scan_days where qr_code_id = $1', [roomId]);
  return rows[0].scans;
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('dbUrl') });
  await db.connect();
  owner = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), now())`,
    [owner, `inflation-${owner}@example.test`],
  );
  await db.query('update public.users set qr_code_limit = 50 where id = $1', [owner]);
  propertyId = (await db.query<{ id: string }>(`insert into public.properties (user_id, name) values ($1, 'Inflation Inn') returning id`, [owner])).rows[0].id;
});

afterAll(async () => {
  await db?.end();
});

describe('record_scan in a loop', () => {
  it('counts one device token once, then answers 429 (device)', async () => {
    await inOneWindow(async () => {
      const roomId = await newGuide();
      const token = randomUUID();
      const answers = await loop(25, () => recordScan(roomId, { deviceToken: token }));
      expect(statuses(answers)).toEqual([204, ...Array(24).fill(429)]);
      expect(answers[1].body).toMatchObject({
        code: 'PT429',
        message: 'Too many scans',
        details: 'device',
        hint: 'A device counts once per guide per 10-minute window.',
      });
      expect(await counted(roomId)).toBe(1);
    });
  });

  it('stops counting rotating device tokens at 10 per guide from one address, with 429 (address)', async () => {
    await inOneWindow(async () => {
      const roomId = await newGuide();
      const answers = await loop(30, () => recordScan(roomId));
      expect(statuses(answers)).toEqual([...Array(10).fill(204), ...Array(20).fill(429)]);
      expect(answers[10].body).toMatchObject({ code: 'PT429', details: 'address' });
      expect(await counted(roomId)).toBe(10);
    });
  });

  it('stops calls without any token at the same limit', async () => {
    await inOneWindow(async () => {
      const roomId = await newGuide();
      const answers = await loop(15, () => recordScan(roomId, { deviceToken: null }));
      expect(statuses(answers)).toEqual([...Array(10).fill(204), ...Array(5).fill(429)]);
      expect(await counted(roomId)).toBe(10);
    });
  });

  it('is not fooled by forged X-Forwarded-For, X-Real-IP or Forwarded headers', async () => {
    await inOneWindow(async () => {
      const roomId = await newGuide();
      const answers = await loop(20, (i) => {
        const forged = `203.0.113.${i + 1}`;
        return recordScan(roomId, { headers: { 'x-forwarded-for': forged, 'x-real-ip': forged, forwarded: `for=${forged}` } });
      });
      expect(statuses(answers)).toEqual([...Array(10).fill(204), ...Array(10).fill(429)]);
      expect(await counted(roomId)).toBe(10);
    });
  });
});

describe('real guests while a guide is being inflated', () => {
  it('keep counting from their own addresses, and the attacker’s address still counts on other guides', async () => {
    await inOneWindow(async () => {
      const roomId = await newGuide();
      const attack = await loop(20, () => recordScan(roomId));
      expect(statuses(attack).filter((status) => status === 204)).toHaveLength(10);

      // Twelve guests, each on its own network (loopback source addresses stand in for them).
      const guests = await Promise.all(Array.from({ length: 12 }, (_, i) => recordScan(roomId, { localAddress: `127.0.2.${i + 1}` })));
      expect(statuses(guests)).toEqual(Array(12).fill(204));
      // A family of four behind one hotel address, each phone with its own token.
      const family = await loop(4, () => recordScan(roomId, { localAddress: '127.0.3.1' }));
      expect(statuses(family)).toEqual(Array(4).fill(204));

      const otherGuide = await newGuide();
      expect((await recordScan(otherGuide)).status).toBe(204);
      expect(await counted(roomId)).toBe(10 + 12 + 4);
    });
  });

  it('leaves every guide counted exactly as many times as record_scan answered 2xx', async () => {
    for (const [roomId, answers] of accepted) expect(await counted(roomId), roomId).toBe(answers);
    expect(accepted.size).toBeGreaterThanOrEqual(5);
  });
});
