import { http, HttpResponse } from 'msw';
import type { ConfiguracionSistema, ConfiguracionSistemaInput } from '@/api/sistema';
import type { Servicio } from '@/api/servicios';
import { fail, ok, okWithMessage } from '@/testing/http';

/** The system configuration as GET /config/sistema answers it. */
function makeConfiguracionSistema(): ConfiguracionSistema {
  return {
    sistema: { nombre: 'Muelle', version: 'v1.4.0', ambiente: 'produccion', timezone: 'America/Argentina/Buenos_Aires', idioma: 'es', fecha_instalacion: '2026-01-15T12:00:00Z' },
    estadisticas: { total_empresas: 3, empresas_activas: 2, total_usuarios: 14, usuarios_activos: 12, total_pasajes: 1520, cajas_abiertas: 2 },
    servicios: {
      base_datos: { estado: 'conectada', nombre: 'sqlite', host: 'db.interna', puerto: '5432', nombre_bd: 'muelle', latencia_ms: 0.8 },
      servidor: { puerto: '8080', modo: 'produccion', uptime: 26 * 3600 + 5 * 60, https: true, proxies_confiables: ['127.0.0.1'] },
      respaldo: { ultimo: '2026-11-20T08:30:00Z', archivo: '/respaldos/muelle-2026-11-20T0530.db', error: '' },
      tareas: [
        { nombre: 'generar_salidas', corridas: 3, fallas: 0, ultimo_error: '', fallando: false, ultima_corrida: '2026-11-20T08:00:00Z', proxima: null },
        { nombre: 'vencer_puntos', corridas: 5, fallas: 1, ultimo_error: 'sin conexión', fallando: true, ultima_corrida: '2026-11-20T08:10:00Z', proxima: null },
      ],
    },
    seguridad: { jwt_expiracion: 8 * 3600, intentos_login_max: 5, bloqueo_login_minutos: 15, bcrypt_rounds: 12, rate_limit_activo: true, max_peticiones_simultaneas: 256 },
  };
}

/** GET and PUT /config/sistema over one stored configuration; PUT refuses a zone it does not know. */
export function configuracionSistema(config = makeConfiguracionSistema()) {
  const guardados: { body: ConfiguracionSistemaInput; clave: string | null }[] = [];
  return {
    guardados,
    handlers: [
      http.get('/api/config/sistema', () => ok(config)),
      http.put('/api/config/sistema', async ({ request }) => {
        const body = (await request.json()) as ConfiguracionSistemaInput;
        guardados.push({ body, clave: request.headers.get('Idempotency-Key') });
        if (body.timezone === 'Marte/Olympus') {
          return fail(400, 'La zona horaria no es válida: use un nombre IANA, por ejemplo America/Argentina/Buenos_Aires');
        }
        config = { ...config, sistema: { ...config.sistema, ...body } };
        return okWithMessage(config, 'Configuración actualizada correctamente');
      }),
    ],
  };
}

/** GET /admin/servicios: the database up, e-mail and WhatsApp not configured, the WebSocket down. */
export function estadoServicios() {
  const verificado = '2026-11-20T13:00:05Z';
  const servicios: Servicio[] = [
    { clave: 'base_datos', nombre: 'Base de Datos', estado: 'conectado', conectado: true, detalles: 'Consulta respondida en 1.2 ms (postgres)', latencia_ms: 1.2, ultima_verificacion: verificado },
    { clave: 'email', nombre: 'Email', estado: 'sin_configurar', conectado: false, detalles: 'Sin configurar', ultima_verificacion: verificado },
    { clave: 'whatsapp', nombre: 'WhatsApp', estado: 'sin_configurar', conectado: false, detalles: 'Sin configurar', ultima_verificacion: verificado },
    { clave: 'websocket', nombre: 'WebSocket', estado: 'desconectado', conectado: false, detalles: 'El servidor de tiempo real no responde', ultima_verificacion: verificado },
    { clave: 'https', nombre: 'HTTPS', estado: 'conectado', conectado: true, detalles: 'Certificado de muelle.com.ar válido hasta el 02/03/2027', ultima_verificacion: verificado },
  ];
  let consultas = 0;
  return {
    consultas: () => consultas,
    handler: http.get('/api/admin/servicios', () => {
      consultas++;
      return HttpResponse.json({ success: true, data: servicios });
    }),
  };
}
