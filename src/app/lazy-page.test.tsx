import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('suspends until its chunk is in when it was not preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: () => <p>page content</p> }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('page content')).toBeInTheDocument();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: () => <p>page content</p> });
    });
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const Page = lazyPage(async () => {
      if (++attempt === 1) throw new Error('offline');
      return { default: () => <p>second try</p> };
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('second try')).toBeInTheDocument();
  });
});
