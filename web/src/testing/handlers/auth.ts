import { http } from 'msw';
import { readSession } from '@/lib/session';
import { fail, ok } from '@/testing/http';

/** /auth: the stored session's user, and a logout that always succeeds. */
export const authHandlers = [
  http.get('/api/auth/me', () => {
    const session = readSession();
    return session ? ok(session.usuario) : fail(401, 'Token inválido');
  }),
  http.post('/api/auth/logout', () => ok(null)),
];
