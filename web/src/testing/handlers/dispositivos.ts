import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { Dispositivo, DispositivoRegistrado } from '@/api/dispositivos';
import type { Write } from './config';

/** Two devices of the company: a seller's counter, active, and a crew phone revoked after its loss. */
export const DISPOSITIVOS: Dispositivo[] = [
  {
    id: 2, codigo: 'K3ZQ', nombre: 'Celular de proa', usuario: 'lancha', created_at: '2026-11-02T12:00:00Z',
    ultimo_uso: null, revocado_en: '2026-11-20T15:30:00Z', revocado_por: 'admin',
  },
  {
    id: 1, codigo: '7HX2', nombre: 'Mostrador 1', usuario: 'vendedor', created_at: '2026-10-15T13:00:00Z',
    ultimo_uso: '2026-11-25T18:45:00Z', revocado_en: null, revocado_por: null,
  },
];

/** The answer of a registration: code R2D2, a certificate and the company's public key. */
export function makeRegistro(overrides: Partial<DispositivoRegistrado> = {}): DispositivoRegistrado {
  return {
    id: 3, codigo: 'R2D2', nombre: 'Boletería', certificado: 'MUELLEDISP1.e30.firma', clave_empresa: 'A'.repeat(43),
    desde: '2026-11-26T12:00:00Z', hasta: '2027-11-26T12:00:00Z', reemplazado: null, ...overrides,
  };
}

/** This browser's registration as lib/dispositivo keeps it: makeRegistro with a key pair that signs the sync's batches. */
export async function makeDispositivoLocal(overrides: Partial<DispositivoRegistrado> = {}) {
  const keyPair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  return { ...makeRegistro(overrides), keyPair };
}

interface OpcionesDispositivos {
  /** How many devices the company has (the list's `total`; by default, those served). */
  total?: number;
  /** What the registration answers beyond makeRegistro with the name sent. */
  registro?: Partial<DispositivoRegistrado>;
  /** Where the query of each list read is recorded. */
  listas?: URLSearchParams[];
}

/**
 * Serves the company's devices (GET /dispositivos), registers one (POST, answering makeRegistro with
 * the name sent), renames and revokes, recording each write with its Idempotency-Key in `writes`.
 */
export function mockDispositivos(dispositivos: Dispositivo[] = DISPOSITIVOS, writes: (Write & { clave?: string | null })[] = [],
  { total = dispositivos.length, registro = {}, listas = [] }: OpcionesDispositivos = {}) {
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : await request.json();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body, clave: request.headers.get('Idempotency-Key') });
    return body as { nombre: string };
  };
  const deId = (id: unknown) => dispositivos.find((d) => d.id === Number(id)) ?? dispositivos[0];
  server.use(
    http.get('/api/dispositivos', ({ request }) => {
      listas.push(new URL(request.url).searchParams);
      return ok({ dispositivos, total, activos: dispositivos.filter((d) => !d.revocado_en).length, max_activos: 200 });
    }),
    http.post('/api/dispositivos', async ({ request }) =>
      okWithMessage(makeRegistro({ nombre: (await record(request)).nombre, ...registro }), 'Dispositivo registrado', { status: 201 })),
    http.put('/api/dispositivos/:id', async ({ request, params }) =>
      okWithMessage({ ...deId(params.id), nombre: (await record(request)).nombre }, 'Dispositivo renombrado')),
    http.delete('/api/dispositivos/:id', async ({ request, params }) => {
      await record(request);
      return okWithMessage({ ...deId(params.id), revocado_en: '2026-11-26T12:00:00Z', revocado_por: 'admin' }, 'Dispositivo revocado');
    }),
  );
  return writes;
}
