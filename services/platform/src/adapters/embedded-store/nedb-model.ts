import { createRequire } from 'node:module';

/**
 * NeDB's document model: Mongo's query matcher, update operators, ordering and the line format
 * (`{"$$date": ms}` for dates). The embedded store keeps NeDB's semantics for everything it
 * answers, so the file format stays readable by the store it replaces and both agree on every query.
 */
interface NedbModel {
  match(doc: unknown, query: unknown): boolean;
  modify<T>(doc: T, update: unknown): T;
  compareThings(a: unknown, b: unknown): number;
  getDotValue(doc: unknown, field: string): unknown;
  serialize(doc: unknown): string;
  deserialize(line: string): unknown;
  deepCopy<T>(doc: T): T;
  checkObject(doc: unknown): void;
}

const require = createRequire(import.meta.url);
export const nedbModel = require('@seald-io/nedb/lib/model.js') as NedbModel;
