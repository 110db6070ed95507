import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the
 * route's zod response schema (the contract), compiled once per route: only
 * the listed fields leave (unknown ones are dropped), a missing required field
 * fails the response (500), and nothing is validated twice per request. The
 * zod schema itself stays the source: OpenAPI and the web client read it.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(
    z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
    }) as Parameters<typeof fastJson>[0],
  );
