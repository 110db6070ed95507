import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstPaint } from './first-paint';

// index.html as the build leaves it before this plugin: the stylesheet in the head
const BUILT =
  '<!doctype html>\n<html>\n  <head>\n    <style>.boot{display:flex}</style>\n' +
  '    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">\n  </head>\n' +
  '  <body>\n    <div id="root"><div class="boot"><svg></svg></div></div>\n  </body>\n</html>\n';

const transform = (html: string, files: string[]) => {
  const { handler } = firstPaint().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const bundle = Object.fromEntries(files.map((file) => [file, { fileName: file }]));
  const context = { bundle } as unknown as IndexHtmlTransformContext;
  return handler.call({} as ThisParameterType<IndexHtmlTransformHook>, html, context) as string;
};

describe('first paint (the built index.html)', () => {
  it('moves the stylesheet after the loader and names the font ahead', () => {
    const html = transform(BUILT, [
      'assets/index-e1.js',
      'assets/inter-latin-ext-wght-normal-x1.woff2',
      'assets/inter-latin-wght-normal-f1.woff2',
    ]);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(head).toContain(
      '<link rel="preload" href="/assets/inter-latin-wght-normal-f1.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(head).not.toContain('latin-ext');
    const stylesheet = html.indexOf(
      '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
    );
    expect(stylesheet).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(stylesheet).toBeLessThan(html.indexOf('</body>'));
    expect(html.match(/stylesheet/g)).toHaveLength(1);
  });

  it('fails the build when the font is not there to name', () => {
    expect(() => transform(BUILT, ['assets/index-e1.js'])).toThrow(/Inter/);
  });
});
