import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { Write } from './config';

/** The installation's VAPID public key as GET /push/clave answers it (65 bytes, base64url). */
export const CLAVE_VAPID = `BA${'Ag'.repeat(42)}w`;

/**
 * Serves the VAPID key and takes subscriptions (POST) and their removal (DELETE), recording each
 * write with its Idempotency-Key in `writes`.
 */
export function mockPush(writes: (Write & { clave?: string | null })[] = []) {
  const record = async (request: Request) => {
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json(),
      clave: request.headers.get('Idempotency-Key') });
  };
  server.use(
    http.get('/api/push/clave', () => ok({ clave_publica: CLAVE_VAPID })),
    http.post('/api/push/subscriptions', async ({ request }) => {
      await record(request);
      return okWithMessage(null, 'Notificaciones push activadas');
    }),
    http.delete('/api/push/subscriptions', async ({ request }) => {
      await record(request);
      return okWithMessage(null, 'Notificaciones push desactivadas');
    }),
  );
  return writes;
}
