import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/websocket';
import { EventSocket, RECONEXION, urlSocket, type MensajeSocket } from './socket';

function nuevo(token: string | null = 'tok.en') {
  const recibidos: MensajeSocket[] = [];
  const socket = new EventSocket({
    token: () => token,
    onMensaje: (m) => recibidos.push(m),
    abrir: (url, protocolos) => new FakeWebSocket(url, protocolos) as unknown as WebSocket,
    origen: 'https://muelle.example',
  });
  return { socket, recibidos };
}

describe('EventSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

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

  it('retries 5 times 2 s apart resuming after the last event, then waits for Reconectar', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 40 });
    FakeWebSocket.ultimo().recibir({ id: 45, evento: 'pasajeCreado' });
    FakeWebSocket.ultimo().perder();
    for (let intento = 1; intento <= RECONEXION.intentos; intento++) {
      expect(socket.estado).toBe('conectando');
      const antes = FakeWebSocket.abiertos.length;
      vi.advanceTimersByTime(RECONEXION.esperaMs - 1);
      expect(FakeWebSocket.abiertos.length).toBe(antes);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.abiertos.length).toBe(antes + 1);
      expect(FakeWebSocket.ultimo().url).toBe('wss://muelle.example/api/ws?desde=45');
      FakeWebSocket.ultimo().perder();
    }
    expect(socket.estado).toBe('desconectado');
    const total = FakeWebSocket.abiertos.length;
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.abiertos.length).toBe(total);
    socket.reconectar();
    expect(FakeWebSocket.abiertos.length).toBe(total + 1);
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 50 });
    expect(socket.estado).toBe('conectado');
  });

  it('a successful reconnection gives a later loss its 5 attempts again', () => {
    const { socket } = nuevo();
    socket.conectar();
    FakeWebSocket.ultimo().perder();
    vi.advanceTimersByTime(RECONEXION.esperaMs);
    FakeWebSocket.ultimo().recibir({ evento: 'conectado', ultimo_id: 1 });
    FakeWebSocket.ultimo().perder();
    for (let i = 0; i < RECONEXION.intentos; i++) {
      vi.advanceTimersByTime(RECONEXION.esperaMs);
      expect(socket.estado).toBe('conectando');
      FakeWebSocket.ultimo().perder();
    }
    expect(socket.estado).toBe('desconectado');
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
    expect(FakeWebSocket.abiertos).toHaveLength(1);
    expect(socket.estado).toBe('desconectado');
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
