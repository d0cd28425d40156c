import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL, registerServiceWorker } from './service-worker-registration';

function container() {
  return { register: vi.fn(() => Promise.resolve({})) } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
}

describe('registerServiceWorker', () => {
  it('registers the worker for the whole origin once the page has loaded', () => {
    const workers = container();
    const events = new EventTarget();
    registerServiceWorker(workers, { readyState: 'interactive' }, events);
    expect(workers.register).not.toHaveBeenCalled();
    events.dispatchEvent(new Event('load'));
    events.dispatchEvent(new Event('load'));
    expect(workers.register).toHaveBeenCalledTimes(1);
    expect(workers.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const workers = container();
    registerServiceWorker(workers, { readyState: 'complete' }, new EventTarget());
    expect(workers.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('warns instead of failing when registering fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const workers = { register: vi.fn(() => Promise.reject(new Error('blocked'))) } as unknown as ServiceWorkerContainer;
    registerServiceWorker(workers, { readyState: 'complete' }, new EventTarget());
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Service worker not registered', expect.any(Error)));
    warn.mockRestore();
  });
});
