import type { Plugin } from 'vite';

/**
 * The built `index.html`, arranged for the first paint on a slow phone:
 * - the stylesheet moves from `<head>` to the end of `<body>`: a stylesheet in the head holds
 *   every paint until it arrives, while one after `#root` lets the loader (styled inline in
 *   index.html) paint at once; the entry waits for it before React renders (src/main.tsx);
 * - the text font is named ahead (`rel="preload"`): otherwise the browser asks for it only when
 *   the first text is laid out, one more round trip after the page's code, and the text is
 *   drawn a second time when it arrives.
 * The font is the Latin subset of Inter's variable weights (Portuguese needs nothing more).
 */
export function firstPaint(): Plugin {
  return {
    name: 'fa-clube-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        for (const link of stylesheets) html = html.replace(link, '');
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('first-paint: the Inter (Latin) font is not in the build');
        const preload = `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`;
        return html
          .replace('</head>', `${preload}\n  </head>`)
          .replace('</body>', `  ${stylesheets.map((l) => l.trim()).join('\n    ')}\n  </body>`);
      },
    },
  };
}
