import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** A page's address (React Router's syntax) and the modules loaded on demand to show it, outermost first. */
export type RouteModules = { path: string; modules: string[] };

/**
 * Reads the route table (src/app/routes.tsx) without running it: every object with a `path` or
 * `index`, the module its `lazy` or `element` imports and those of the routes around it, following
 * `children` given inline or as a constant of the same file. Splat routes (`*`) are left out: an
 * unknown address gets nothing ahead of time. Modules are keys of the Vite manifest (paths from
 * the web app's root).
 */
export function readRouteTable(file: string, root: string): RouteModules[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  const constants = new Map<string, ts.Expression>();
  source.forEachChild(function collect(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      constants.set(node.name.text, node.initializer);
      if (ts.isArrayLiteralExpression(node.initializer))
        arrays.set(node.name.text, node.initializer);
    }
    node.forEachChild(collect);
  });
  const table = arrays.get('routes');
  if (!table) throw new Error(`${file}: no \`routes\` array`);

  const resolveModule = (specifier: string) => {
    const base = specifier.startsWith('@/')
      ? path.join(root, 'src', specifier.slice(2))
      : path.resolve(path.dirname(file), specifier);
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
    return path.relative(root, found).split(path.sep).join('/');
  };
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;
  // the page's module: the `import('…')` in its `lazy` (data router) or in its `element`
  // (`page(() => import('…'))`, loaded with React.lazy)
  const lazyModule = (object: ts.ObjectLiteralExpression) => {
    let lazy = property(object, 'lazy') ?? property(object, 'element');
    // an element kept in a constant of the same file (`element: profilePage`)
    if (lazy && ts.isIdentifier(lazy)) lazy = constants.get(lazy.text);
    if (!lazy) return undefined;
    let specifier: string | undefined;
    lazy.forEachChild(function find(node) {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      )
        specifier ??= node.arguments[0].text;
      node.forEachChild(find);
    });
    if (!specifier) {
      if (property(object, 'lazy')) throw new Error(`${file}: a \`lazy\` without import('…')`);
      return undefined;
    }
    return resolveModule(specifier);
  };

  const found: RouteModules[] = [];
  const walk = (array: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const pathNode = property(element, 'path');
      const own = pathNode && ts.isStringLiteral(pathNode) ? pathNode.text : undefined;
      const routePath =
        own === undefined
          ? parentPath
          : own.startsWith('/')
            ? own
            : `${parentPath.replace(/\/$/, '')}/${own}`;
      const module = lazyModule(element);
      const modules = module ? [...parentModules, module] : parentModules;
      const children = property(element, 'children');
      const childArray =
        children && ts.isIdentifier(children)
          ? arrays.get(children.text)
          : children && ts.isArrayLiteralExpression(children)
            ? children
            : undefined;
      if (childArray) walk(childArray, routePath, modules);
      else if ((own !== undefined || property(element, 'index')) && !routePath.includes('*'))
        found.push({ path: routePath || '/', modules });
    }
  };
  walk(table, '', []);
  if (!found.length) throw new Error(`${file}: no route found`);
  return found;
}

/**
 * Writes `.vite/routes.json` beside the manifest: each page's address and its modules, so that the
 * server names the page's chunks in the `index.html` it sends (apps/api/src/plugins/web.ts) and
 * the browser fetches them with the entry instead of after it.
 */
export function routeTable(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'fa-clube-route-table',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const routes = readRouteTable(path.join(root, 'src/app/routes.tsx'), root);
      writeFileSync(path.join(outDir, '.vite/routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}
