import { http } from 'msw';
import { fail, ok, okWithMessage } from '@/testing/http';
import type { ConfigEmail, EstadoEmail, GuardarConfigEmail, MensajeSalida } from '@/api/correo';

/** A saved, working configuration (the password stored, never returned). */
export const CONFIG_EMAIL: ConfigEmail = {
  activo: true, smtp_host: 'smtp.gmail.com', smtp_port: 587, smtp_secure: false, smtp_user: 'ventas@lanchas.com',
  password_guardada: true, email_remitente: 'ventas@lanchas.com', nombre_remitente: 'Lanchas del Delta',
  plantilla_pasaje: '<p>{{codigo_pasaje}}</p>',
};

export const ESTADO_FUNCIONANDO: EstadoEmail = {
  configurado: true, activo: true, estado: 'funcionando', mensaje: 'El envío de email está configurado y activo',
  ultima_prueba: null,
};

export const ESTADO_SIN_CONFIGURAR: EstadoEmail = {
  configurado: false, activo: false, estado: 'sin_configurar', mensaje: 'El envío de email no está configurado',
  ultima_prueba: null,
};

/** The calls of the e-mail screen, recording what was saved and tested. */
export function correoHandlers(config: ConfigEmail, estado: EstadoEmail) {
  const guardados: GuardarConfigEmail[] = [];
  const pruebas: string[] = [];
  const handlers = [
    http.get('/api/configuracion-email', () => ok(config)),
    http.get('/api/configuracion-email/estado', () => ok(estado)),
    http.get('/api/configuracion-email/plantilla-defecto', () => ok({ plantilla: '<h2>{{empresa_nombre}}</h2>' })),
    http.post('/api/configuracion-email', async ({ request }) => {
      const body = (await request.json()) as GuardarConfigEmail;
      guardados.push(body);
      return okWithMessage({ ...config, ...body, password_guardada: true }, 'Configuración guardada exitosamente');
    }),
    http.post('/api/configuracion-email/prueba', async ({ request }) => {
      const { email_destino } = (await request.json()) as { email_destino: string };
      pruebas.push(email_destino);
      return email_destino.startsWith('falla')
        ? fail(422, 'No se pudo enviar el email de prueba: 535 Credenciales inválidas')
        : okWithMessage(null, '¡Email de prueba enviado exitosamente! Revisa tu bandeja de entrada.');
    }),
  ];
  return { handlers, guardados, pruebas };
}

/** POST /email/send-tickets answering status with message, recording bodies and keys. */
export function envioPasajes(status = 201, message = 'Pasajes en cola de envío por email') {
  const llamadas: { body: unknown; key: string | null }[] = [];
  const mensaje: MensajeSalida = {
    id: 1, canal: 'email', tipo: 'pasajes', destino: 'ana@example.com', cliente: 'Ana', estado: 'pendiente', intentos: 0,
    proximo_intento: '2026-11-20T13:00:00Z', created_at: '2026-11-20T13:00:00Z', pasaje_ids: [41, 42],
  };
  const handler = http.post('/api/email/send-tickets', async ({ request }) => {
    llamadas.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    return status < 400 ? okWithMessage(mensaje, message, { status }) : fail(status, message);
  });
  return { handler, llamadas, mensaje };
}

/** A ticket's messages (GET /pasajes/{id}/mensajes) and its resend, recording the resent ids. */
export function mensajesDePasaje(pasajeId: number, mensajes: MensajeSalida[]) {
  const reenviados: number[] = [];
  const handlers = [
    http.get(`/api/pasajes/${pasajeId}/mensajes`, () => ok(mensajes)),
    http.post('/api/mensajes/:id/reenviar', ({ params }) => {
      reenviados.push(Number(params.id));
      return okWithMessage({ ...mensajes[0], id: 99, estado: 'pendiente' }, 'Mensaje en cola para reenviarse', { status: 201 });
    }),
  ];
  return { handlers, reenviados };
}
