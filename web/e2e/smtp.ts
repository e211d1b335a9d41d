import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/** scripts/e2e.sh names the port and the self-signed certificate the server (MUELLE_SMTP_CA) trusts. */
export const PUERTO_SMTP = Number(process.env.MUELLE_E2E_SMTP_PORT ?? 2525);
export const USUARIO_SMTP = 'ventas@lanchas.test';
export const CLAVE_SMTP = 'Smtp-de-prueba-2026';

/** A message the test's SMTP server accepted: its recipients and its raw text. */
export interface Recibido {
  para: string[];
  datos: string;
}

/**
 * A real SMTP server on loopback for the spec file that calls this (at its top level): STARTTLS with
 * the certificate of scripts/e2e.sh, AUTH only after it, listening while the file's tests run.
 * Returns the list the accepted messages land in.
 */
export function servidorSmtpDePrueba(): Recibido[] {
  const recibidos: Recibido[] = [];
  const servidor = new SMTPServer({
    key: readFileSync(process.env.MUELLE_E2E_SMTP_KEY ?? ''),
    cert: readFileSync(process.env.MUELLE_E2E_SMTP_CERT ?? ''),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USUARIO_SMTP && auth.password === CLAVE_SMTP) callback(null, { user: USUARIO_SMTP });
      else callback(new Error('Credenciales inválidas'));
    },
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (parte: Buffer) => partes.push(parte));
      stream.on('end', () => {
        recibidos.push({ para: session.envelope.rcptTo.map((r) => r.address), datos: Buffer.concat(partes).toString('latin1') });
        callback();
      });
    },
  });
  test.beforeAll(async () => {
    await new Promise<void>((listo, falla) => {
      servidor.once('error', falla);
      servidor.listen(PUERTO_SMTP, '127.0.0.1', () => listo());
    });
  });
  test.afterAll(async () => {
    await new Promise<void>((listo) => servidor.close(() => listo()));
  });
  return recibidos;
}
