import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { guideUrl } from '@/lib/guide-url';
import type { QrLook } from '../qr-look/qr-styling-options';
import { qrImageJobs, zipQrPngs, type RoomForDownload, type ZipProgress } from './qr-zip';

/** Stands in for qr-code-styling: a real PNG filled with the look's colour, its URL in a text chunk's place (the name). */
function fakeRenderer() {
  const rendered: QrLook[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const render = async (look: QrLook): Promise<Uint8Array> => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await Promise.resolve();
    const png = new PNG({ width: 4, height: 4 });
    const [r, g, b] = [1, 3, 5].map((i) => parseInt((look.primaryColor ?? '#000000').slice(i, i + 2), 16));
    for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
    rendered.push(look);
    running -= 1;
    return new Uint8Array(PNG.sync.write(png));
  };
  return { render, rendered, mostAtOnce: () => mostAtOnce };
}

const rooms = (count: number): RoomForDownload[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: i === 1 ? 'Room 0' : `Room ${i}`,
    roomNumber: String(i),
    guide: { template: 'beach', style: { primaryColor: i === 2 ? '#112233' : null, backgroundColor: null, logoUrl: null } },
  }));

describe('qrImageJobs', () => {
  it('names files like the single download and uses the guide’s colours, else its template’s', () => {
    const jobs = qrImageJobs('https://roomguide.app', rooms(3));
    expect(jobs.map((job) => job.fileName)).toEqual(['qr-code-room-0-0.png', 'qr-code-room-0-1.png', 'qr-code-room-2.png']);
    expect(jobs[0].look).toEqual({
      data: guideUrl('https://roomguide.app', '00000000-0000-4000-8000-000000000000'),
      primaryColor: '#1e5aa8',
      backgroundColor: '#fff8dc',
    });
    expect(jobs[2].look.primaryColor).toBe('#112233');
  });
});

describe('zipQrPngs', () => {
  it('puts one PNG per room in the archive under its file name', async () => {
    const renderer = fakeRenderer();
    const jobs = qrImageJobs('https://roomguide.app', rooms(40));
    const zip = await zipQrPngs(jobs, renderer.render);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(jobs.map((job) => job.fileName).sort());
    const third = PNG.sync.read(Buffer.from(files['qr-code-room-2.png']));
    expect([third.width, third.height, ...third.data.slice(0, 3)]).toEqual([4, 4, 0x11, 0x22, 0x33]);
    expect(renderer.rendered.map((look) => look.data)).toEqual(jobs.map((job) => job.look.data));
  });

  it('adds the extra files after the codes, compressed', async () => {
    const text = 'Room number,Room name\r\n'.repeat(50);
    const csv = new TextEncoder().encode(text);
    const zip = await zipQrPngs(qrImageJobs('https://roomguide.app', rooms(2)), fakeRenderer().render, { extraFiles: [{ name: 'rooms.csv', bytes: csv }] });
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['qr-code-room-0-0.png', 'qr-code-room-0-1.png', 'rooms.csv']);
    expect(new TextDecoder().decode(files['rooms.csv'])).toBe(text);
    expect(zip.length).toBeLessThan(csv.length);
  });

  it('keeps non-Latin file names', async () => {
    const zip = await zipQrPngs([{ fileName: 'qr-code-桜の間.png', look: { data: guideUrl('https://x', '1') } }], fakeRenderer().render);
    expect(Object.keys(unzipSync(zip))).toEqual(['qr-code-桜の間.png']);
  });

  it('renders in batches, yields to the browser after each and reports progress', async () => {
    const renderer = fakeRenderer();
    const progress: ZipProgress[] = [];
    let yields = 0;
    await zipQrPngs(qrImageJobs('https://roomguide.app', rooms(21)), renderer.render, {
      batchSize: 5,
      onProgress: (p) => progress.push(p),
      yieldToBrowser: async () => {
        yields += 1;
      },
    });
    expect(progress).toEqual([0, 5, 10, 15, 20, 21].map((done) => ({ done, total: 21 })));
    expect(yields).toBe(5);
    expect(renderer.mostAtOnce()).toBeLessThanOrEqual(5);
  });

  it('stops between batches when aborted, rendering nothing more', async () => {
    const renderer = fakeRenderer();
    const controller = new AbortController();
    const attempt = zipQrPngs(qrImageJobs('https://roomguide.app', rooms(30)), renderer.render, {
      batchSize: 10,
      onProgress: ({ done }) => {
        if (done === 10) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(renderer.rendered).toHaveLength(10);
  });

  it('gives a valid, empty archive for no rooms', async () => {
    expect(unzipSync(await zipQrPngs([], fakeRenderer().render))).toEqual({});
  });
});
