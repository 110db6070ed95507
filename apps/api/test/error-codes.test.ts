import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '@fa-clube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';

/**
 * One error-code list: the contract's ERRORS. AppError only takes an ErrorCode
 * (the compiler checks the call sites); this test also reads the source for
 * codes written anywhere else, and checks the OpenAPI document lists them all.
 * test/robustness.test.ts checks the codes of real answers against their status.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !/\.test(kit)?\.ts$/.test(e.name) ? [full] : [];
  });
}

describe('error codes', () => {
  it('the source answers only listed codes, and sets no error status by hand', () => {
    const unlisted: string[] = [];
    const handWritten: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(SRC, file);
      const written = [
        ...text.matchAll(/\bcode:\s*'([A-Z][A-Z0-9_]+)'/g),
        ...text.matchAll(/\b(?:AppError|fieldError)\(\s*'([A-Z][A-Z0-9_]+)'/g),
      ].map((m) => m[1]!);
      for (const code of written) if (!(code in ERRORS)) unlisted.push(`${rel}: ${code}`);
      // plugins/probes.ts: /readyz's 503 carries the checks for a load balancer, outside the API
      if (rel !== path.join('plugins', 'errors.ts') && rel !== path.join('plugins', 'probes.ts'))
        for (const m of text.matchAll(/\.(?:status|code)\((4\d\d|5\d\d)\)/g))
          handWritten.push(`${rel}: ${m[0]}`);
    }
    expect(unlisted).toEqual([]);
    expect(handWritten).toEqual([]);
  });

  describe('the OpenAPI document', () => {
    let t: TestContext;
    let doc: {
      info: { description: string };
      components: { schemas: Record<string, { properties: { code: { enum: string[] } } }> };
    };
    beforeAll(async () => {
      t = await createTestContext();
      doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists every code with its status', () => {
      for (const [code, { status }] of Object.entries(ERRORS))
        expect(doc.info.description).toContain(`| ${code} | ${status} |`);
    });

    it('gives each error status of a route the codes of that status', () => {
      const byStatus = Object.entries(doc.components.schemas).filter(([id]) =>
        /^Error\d{3}$/.test(id),
      );
      expect(byStatus.map(([id]) => id)).toEqual(
        expect.arrayContaining(['Error400', 'Error401', 'Error403', 'Error404', 'Error409']),
      );
      for (const [id, schema] of byStatus) {
        const status = Number(id.slice('Error'.length));
        const listed = Object.keys(ERRORS).filter(
          (code) => ERRORS[code as keyof typeof ERRORS].status === status,
        );
        expect(schema.properties.code.enum.sort()).toEqual(listed.sort());
      }
    });
  });
});
