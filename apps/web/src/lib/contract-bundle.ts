// What lib/contract-schemas.ts fetches on demand: the whole contract, zod included through its
// schemas. Its own module, so the chunk is not the contract's barrel that the first load also
// imports a few constants from.
export * from '@fa-clube/contract';
