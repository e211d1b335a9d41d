/**
 * A WebSocket that never touches the network: tests open it, then make the
 * server speak (`recibir`) or drop it (`perder`). Every instance is kept in
 * `FakeWebSocket.abiertos`, newest last.
 */
export class FakeWebSocket {
  static abiertos: FakeWebSocket[] = [];
  readonly url: string;
  readonly protocolos: string[];
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  cerrado = false;

  constructor(url: string, protocolos: string[] = []) {
    this.url = url;
    this.protocolos = protocolos;
    FakeWebSocket.abiertos.push(this);
  }

  /** The newest socket. */
  static ultimo(): FakeWebSocket {
    return FakeWebSocket.abiertos[FakeWebSocket.abiertos.length - 1];
  }

  recibir(mensaje: unknown): void {
    this.onmessage?.({ data: JSON.stringify(mensaje) });
  }

  /** The connection drops (or the server closes it with `code`). */
  perder(code = 1006): void {
    this.cerrado = true;
    this.onclose?.({ code });
  }

  close(): void {
    this.cerrado = true;
  }
}
