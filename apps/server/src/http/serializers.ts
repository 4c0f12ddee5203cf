// Response serializers (fast-json-stringify, from each route's response schemas) are compiled on a
// route's first answer, not when the app starts: compiling all ~250 took 0.16–0.28 s of every start
// (bench/RESULTS.md, Start), paid again by each test file's app and each e2e server, most of whose
// routes are never called. A response schema that cannot be compiled is still caught before anyone
// calls its route: test/route-table/table.test.ts compiles every route's.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

export const compileSerializers = SerializerSelector();

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its own, each serializer built when first used. */
export const lazySerializers: typeof compileSerializers = (externalSchemas, options) => {
  const compile = compileSerializers(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};
