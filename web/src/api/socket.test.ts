import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/websocket';
import { esperaDelIntento, EventSocket, RECONEXION, urlSocket, type MensajeSocket } from './socket';

/** Every socket a test made: closed after it, so none hears the next test's online/offline events. */
const creados: EventSocket[] = [];

function nuevo(token: string | null = 'tok.en') {
  const recibidos: MensajeSocket[] = [];
  const socket = new EventSocket({
    token: () => token,
    onMensaje: (m) => recibidos.push(m),
    abrir: (url, protocolos) => new FakeWebSocket(url, protocolos) as unknown as WebSocket,
    origen: 'https://muelle.example',
  });
  creados.push(socket);
  return { socket, recibidos };
}

describe('EventSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    creados.splice(0).forEach((s) => s.cerrar());
    vi.useRealTimers();
  });

  it('offers the token as subprotocol, never in the URL, and is connected after "conectado"', () => {
    const { socket, recibidos } = nuevo();
    socket.conectar();
    const ws = FakeWebSocket.ultimo();
    expect(ws.url).toBe('wss://muelle.example/api/ws');
    expect(ws.protocolos).toEqual(['muelle', 'tok.en']);
    expect(socket.estado).toBe('conectando');
    ws.recibir({ evento: 'conectado', ultimo_id: 40 });
    ws.recibir({ id: 41, evento: 'nuevaVenta', datos: { codigo: 'LD-1' } });
    expect(socket.estado).toBe('conectado');
    expect(recibidos.map((m) => m.evento)).toEqual(['conectado', 'nuevaVenta']);
  });

  it('retries for ever, resuming after the last event, 2 s apart doubling up to 30 s', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 40 });
    FakeWebSocket.ultimo().recibir({ id: 45, evento: 'pasajeCreado' });
    FakeWebSocket.ultimo().perder();
    const esperas = [2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000];
    for (const [i, espera] of esperas.entries()) {
      expect(esperaDelIntento(i + 1)).toBe(espera);
      expect(socket.estado).toBe('conectando');
      const antes = FakeWebSocket.abiertos.length;
      vi.advanceTimersByTime(espera - 1);
      expect(FakeWebSocket.abiertos.length).toBe(antes);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.abiertos.length).toBe(antes + 1);
      expect(FakeWebSocket.ultimo().url).toBe('wss://muelle.example/api/ws?desde=45');
      FakeWebSocket.ultimo().perder();
    }
    // more than 4 minutes later it is still trying, never 'desconectado'
    expect(socket.estado).toBe('conectando');
    vi.advanceTimersByTime(RECONEXION.esperaMaximaMs);
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 50 });
    expect(socket.estado).toBe('conectado');
    socket.cerrar();
  });

  it('a successful reconnection starts the back-off over', () => {
    const { socket } = nuevo();
    socket.conectar();
    for (let i = 0; i < 4; i++) {
      FakeWebSocket.ultimo().perder();
      vi.advanceTimersByTime(esperaDelIntento(i + 1));
    }
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 1 });
    FakeWebSocket.ultimo().perder();
    const antes = FakeWebSocket.abiertos.length;
    vi.advanceTimersByTime(RECONEXION.primeraEsperaMs);
    expect(FakeWebSocket.abiertos.length).toBe(antes + 1);
    socket.cerrar();
  });

  it("closes when the browser goes offline and reconnects at once on its 'online' event", () => {
    const enLinea = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      const { socket } = nuevo();
      socket.conectar();
      const primero = FakeWebSocket.ultimo();
      primero.recibir({ evento: 'conectado', ultimo_id: 7 });
      enLinea.mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
      expect(primero.cerrado).toBe(true);
      expect(socket.estado).toBe('conectando');
      // no attempt while the browser has no network, however long
      vi.advanceTimersByTime(10 * 60_000);
      expect(FakeWebSocket.abiertos).toHaveLength(1);

      enLinea.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(FakeWebSocket.abiertos).toHaveLength(2);
      expect(FakeWebSocket.ultimo().url).toBe('wss://muelle.example/api/ws?desde=7');
      FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 9 });
      expect(socket.estado).toBe('conectado');

      // a connected socket is left alone by a spurious 'online'; a closed one stops listening
      window.dispatchEvent(new Event('online'));
      expect(FakeWebSocket.abiertos).toHaveLength(2);
      socket.cerrar();
      window.dispatchEvent(new Event('online'));
      expect(FakeWebSocket.abiertos).toHaveLength(2);
    } finally {
      enLinea.mockRestore();
    }
  });

  it('does not retry a socket closed because its session ended, nor open one without a session', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().perder(1008);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.abiertos).toHaveLength(1);
    expect(socket.estado).toBe('desconectado');
    const sinSesion = nuevo(null).socket;
    sinSesion.conectar();
    expect(FakeWebSocket.abiertos).toHaveLength(1);
    expect(sinSesion.estado).toBe('desconectado');
  });

  it('does not retry the oldest socket closed because its user opened too many', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().perder(4008);
    vi.advanceTimersByTime(10_000);
    // nor when the network comes back: it would close another tab's
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.abiertos).toHaveLength(1);
    expect(socket.estado).toBe('desconectado');
    socket.cerrar();
  });

  it('cerrar stops the pending retry', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().perder();
    socket.cerrar();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.abiertos).toHaveLength(1);
    expect(socket.estado).toBe('desconectado');
  });

  it('builds ws:// on plain HTTP, wss:// on HTTPS, and resumes after desde', () => {
    expect(urlSocket('http://127.0.0.1:8080', 0)).toBe('ws://127.0.0.1:8080/api/ws');
    expect(urlSocket('https://muelle.example', 42)).toBe('wss://muelle.example/api/ws?desde=42');
  });
});
