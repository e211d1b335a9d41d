import type { components, operations, paths } from './types.gen';

/**
 * A type of the API contract, generated from docs/openapi.json (`make generate`):
 * `Schema<'Caja'>` is the Go type `api.Caja` as JSON.
 */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K];

/** An operation of the contract by its operationId (the Go handler's name: `listarPasajes`). */
export type Operacion = keyof operations;

/** The query parameters of an operation, generated from its query type in Go: `Consulta<'listarPasajes'>`. */
export type Consulta<Op extends Operacion> = NonNullable<operations[Op]['parameters']['query']>;

/** A path of the contract, whole as a request names it (`/api/pasajes/{id}`). */
export type Ruta = keyof paths;

/**
 * Some query parameters as a filter form holds them: each one present, numbers as the
 * text a field holds, booleans as 'true' or 'false', and '' for "any" (not sent).
 */
export type Filtros<Q, K extends keyof Q = keyof Q> = { [P in K]-?: ComoTexto<NonNullable<Q[P]>> | '' };

type ComoTexto<V> = V extends boolean ? 'true' | 'false' : V extends number ? string : V;

/**
 * The parameters of an operation as conConsulta takes them: as generated or as a filter
 * form holds them (any number or its text, a boolean or its text, a choice of the
 * contract's, '' for none). `{ limite: 20 } satisfies Parametros<'historialCajas'>`
 * checks the names and the choices.
 */
export type Parametros<Op extends Operacion> = { [K in keyof Consulta<Op>]?: Ancho<NonNullable<Consulta<Op>[K]>> | '' };

type Ancho<V> = V extends boolean ? boolean | 'true' | 'false' : V extends number ? number | string : V;

/** A value of a query parameter: as generated, or as a filter form holds it. */
type Valor = string | number | boolean | readonly number[] | null | undefined;

/**
 * THE query-string builder: `path` with the parameters of `consulta` that have a value,
 * in their order; text is trimmed, a list is joined by commas (the contract's
 * `style: form, explode: false`), and '', null and undefined are left out (the server
 * reads an empty parameter as a missing one). `conConsulta('/pasajes', { page: 2 })`
 * is '/pasajes?page=2'; without parameters, the path alone.
 */
export function conConsulta<Q extends { [K in keyof Q]: Valor }>(path: string, consulta: Q): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(consulta) as [string, Valor][]) {
    if (value === undefined || value === null) continue;
    const texto = Array.isArray(value) ? value.join(',') : String(value).trim();
    if (texto !== '') params.append(name, texto);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
