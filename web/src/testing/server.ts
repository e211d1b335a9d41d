import { ws } from 'msw';
import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { historialCajas } from './handlers/caja';
import { dashboardHandlers } from './handlers/dashboard';
import { empresaHandlers } from './handlers/empresa';
import { notificacionesHandlers } from './handlers/notificaciones';
import { canalesEnvio } from './handlers/pasajes';
import { publicHandlers } from './handlers/public';
import { salidasVacias } from './handlers/salidas';

export { fail, ok, okWithMessage } from './http';

/** The event stream every signed-in screen opens: accepted and silent (tests that need events use FakeWebSocket). */
const eventStream = ws.link('ws://*/api/ws').addEventListener('connection', () => {});

/** Calls every screen makes; tests override them with server.use(...) or the builders of testing/handlers/. */
const defaultHandlers = [...authHandlers, ...empresaHandlers, ...publicHandlers, ...dashboardHandlers, historialCajas(),
  ...notificacionesHandlers().handlers, canalesEnvio(), salidasVacias(), eventStream];

/** The request-mock server of the test run. */
export const server = setupServer(...defaultHandlers);
