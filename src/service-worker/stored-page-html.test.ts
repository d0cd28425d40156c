import { pageHtmlToKeep } from './stored-page-html';

describe('pageHtmlToKeep', () => {
  it('leaves out the module preloads and keeps everything else, the module script and the stylesheet links too', () => {
    const html =
      '<html lang="en" data-prerendered="en"><head><meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" />' +
      '<script type="module" crossorigin src="/assets/main-A1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/start-B2.js"><link rel="modulepreload" crossorigin href="/assets/react-C3.js">' +
      '<link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/assets/page-D4.css"><style>.a{color:red}</style></head>' +
      '<body><div id="root"><main><h1>Welcome back</h1></main></div></body></html>';

    expect(pageHtmlToKeep(html)).toBe(
      '<html lang="en" data-prerendered="en"><head><meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" />' +
        '<script type="module" crossorigin src="/assets/main-A1.js"></script>' +
        '<link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/assets/page-D4.css"><style>.a{color:red}</style></head>' +
        '<body><div id="root"><main><h1>Welcome back</h1></main></div></body></html>',
    );
  });
});
