import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { guideUrl } from '@/lib/guide-url';
import type { QrPath } from '@/lib/qr-path';
import { rasterizeQrPath } from '@/testing/rasterize-qr-path';
import { cardCodes, drawCardCodes, drawInPage, type CardCodes, type DrawQrPaths, type RoomForPrint } from './print-codes';
import { startQrWorkers } from './qr-path-workers';

const decode = (qr: QrPath) => {
  const { pixels, width } = rasterizeQrPath(qr);
  return jsQR(pixels, width, width)?.data;
};

const room = (id: string, overrides: Partial<RoomForPrint> = {}): RoomForPrint => ({
  id,
  name: `Room ${id}`,
  roomNumber: id,
  guide: { template: 'luxury', style: null },
  wifi: { ssid: 'Faro-Guests', password: 'faro;wifi' },
  hotelName: 'Hotel Faro',
  ...overrides,
});

describe('cardCodes', () => {
  it('draws the guide code in the template’s colours, decoding to the room’s guide', async () => {
    const { guide } = await cardCodes('https://app.example', room('101'), false);
    expect(decode(guide.qr)).toBe(guideUrl('https://app.example', '101'));
    expect(guide).toMatchObject({ color: '#D4AF37', background: '#000000' });
    expect(guide.logoUrl).toBeUndefined();
  });

  it('adds the WiFi-join code only when asked and the room has a network', async () => {
    const codes = await cardCodes('https://app.example', room('101'), true);
    expect(decode(codes.wifi!.qr)).toBe('WIFI:T:WPA;S:Faro-Guests;P:faro\\;wifi;;');
    expect(codes.wifi).toMatchObject({ color: '#000000', background: '#ffffff' });
    expect((await cardCodes('https://app.example', room('101'), false)).wifi).toBeNull();
    expect((await cardCodes('https://app.example', room('102', { wifi: null }), true)).wifi).toBeNull();
  });

  it('leaves the middle of a guide code with a logo clear, and the code still decodes', async () => {
    const { guide } = await cardCodes(
      'https://app.example',
      room('101', { guide: { template: null, style: { logoUrl: 'https://cdn.example/logo.png' } } }),
      false,
    );
    expect(guide.logoUrl).toBe('https://cdn.example/logo.png');
    expect(guide.qr.clear).toBeDefined();
    expect(decode(guide.qr)).toBe(guideUrl('https://app.example', '101'));
  });
});

describe('drawCardCodes', () => {
  it('draws every card a batch at a time, yielding between batches', async () => {
    const rooms = Array.from({ length: 5 }, (_, i) => room(String(101 + i)));
    const batches: string[][] = [];
    let yields = 0;
    await drawCardCodes('https://app.example', rooms, true, (drawn) => batches.push([...drawn.keys()]), {
      batchSize: 2,
      yieldToBrowser: async () => void (yields += 1),
    });
    expect(batches).toEqual([['101', '102'], ['103', '104'], ['105']]);
    expect(yields).toBe(2);
  });

  it('asks for the next batch before handing over the current one, so a worker encodes while the page renders', async () => {
    const rooms = Array.from({ length: 3 }, (_, i) => room(String(101 + i), { wifi: i === 1 ? null : room('x').wifi }));
    const events: string[] = [];
    const draw: DrawQrPaths = async (jobs) => {
      events.push(`draw ${jobs.length}`);
      return drawInPage(jobs);
    };
    await drawCardCodes('https://app.example', rooms, true, (batch) => events.push(`batch ${[...batch.keys()].join(',')}`), {
      batchSize: 2,
      draw,
      yieldToBrowser: async () => {},
    });
    // Rooms 101 and 102 are three codes (102 has no WiFi); 103 is two.
    expect(events).toEqual(['draw 3', 'draw 2', 'batch 101,102', 'batch 103']);
  });

  it('keeps as many batches asked for ahead as it is told (one per worker)', async () => {
    const rooms = Array.from({ length: 4 }, (_, i) => room(String(101 + i), { wifi: null }));
    const events: string[] = [];
    const draw: DrawQrPaths = async (jobs) => (events.push('draw'), drawInPage(jobs));
    await drawCardCodes('https://app.example', rooms, false, () => events.push('batch'), { batchSize: 1, lookahead: 2, draw, yieldToBrowser: async () => {} });
    expect(events).toEqual(['draw', 'draw', 'draw', 'draw', 'batch', 'batch', 'batch', 'batch']);
  });

  it('draws in the page where no worker can start (as here, in jsdom)', async () => {
    const worker = startQrWorkers();
    const [path] = await worker.draw([{ text: 'https://app.example/guide/101', options: { errorCorrection: 'H' } }]);
    expect(decode(path)).toBe('https://app.example/guide/101');
    worker.close();
  });

  it('stops between batches once aborted', async () => {
    const controller = new AbortController();
    const drawn: ReadonlyMap<string, CardCodes>[] = [];
    await drawCardCodes('https://app.example', [room('101'), room('102')], false, (batch) => (drawn.push(batch), controller.abort()), {
      batchSize: 1,
      signal: controller.signal,
      yieldToBrowser: async () => {},
    });
    expect(drawn).toHaveLength(1);
  });
});
