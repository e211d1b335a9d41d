import type { components } from './types.gen';

/**
 * A type of the API contract, generated from docs/openapi.json (`make generate`):
 * `Schema<'Caja'>` is the Go type `api.Caja` as JSON.
 */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K];
