import { API_BASE, API_TIMEOUT_MS, ApiError, UNAUTHORIZED_EVENT } from './api';
import { readToken } from './session/storage';

/** A file the API answered: its bytes and the name the server gave it (null when none). */
export interface Archivo {
  blob: Blob;
  nombre: string | null;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`). */
function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : null;
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: string; data?: unknown };
    return new ApiError(response.status, body.message || null, body.data ?? null);
  } catch {
    return new ApiError(response.status, null);
  }
}

/**
 * GET of an API answer that is a file (CSV, PDF, PNG, printable HTML), with the
 * bearer token: a link or window.open could not send it. Failures are ApiErrors
 * with the server's message, as with the JSON calls.
 */
export async function fetchFile(path: string): Promise<Archivo> {
  const token = readToken();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const response = await fetch(API_BASE + path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    });
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    if (!response.ok) throw await errorOf(response);
    return { blob: await response.blob(), nombre: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
  }
}

/** Saves `archivo` through the browser's download, under its name or `fallback`. */
export function downloadFile(archivo: Archivo, fallback: string): void {
  const url = URL.createObjectURL(archivo.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = archivo.nombre ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How much of a download has arrived: the bytes so far and, when the server said it, the whole size. */
export interface ProgresoDescarga {
  recibidos: number;
  total: number | null;
}

/** A file the server builds before its first byte (a report's PDF) may take this long to start, or to go on. */
const ESPERA_ARCHIVO_MS = 60_000;

/**
 * GET of a file like fetchFile, for a file that may be long to come (a report's export): no limit on the
 * whole download, only on a minute of silence; `onProgreso` hears the bytes as they arrive and `signal`
 * cancels it (the promise then rejects with the abort, and `signal.aborted` tells it apart).
 */
export async function fetchFileConProgreso(
  path: string, { signal, onProgreso }: { signal?: AbortSignal; onProgreso?: (p: ProgresoDescarga) => void } = {},
): Promise<Archivo> {
  const token = readToken();
  const controller = new AbortController();
  const cancelar = () => controller.abort();
  signal?.addEventListener('abort', cancelar);
  let timer = setTimeout(cancelar, ESPERA_ARCHIVO_MS);
  const esperar = () => {
    clearTimeout(timer);
    timer = setTimeout(cancelar, ESPERA_ARCHIVO_MS);
  };
  try {
    const response = await fetch(API_BASE + path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    });
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    if (!response.ok) throw await errorOf(response);
    const nombre = fileNameOf(response.headers.get('Content-Disposition'));
    if (!response.body) return { blob: await response.blob(), nombre };
    const total = Number(response.headers.get('Content-Length')) || null;
    const partes: Uint8Array<ArrayBuffer>[] = [];
    let recibidos = 0;
    const reader = response.body.getReader();
    // A read waiting on a silent server ends with the abort, whether or not the body stream hears it.
    const abortada = new Promise<never>((_, reject) => {
      const rechazar = () => {
        reject(new DOMException('Descarga cancelada', 'AbortError'));
        void reader.cancel().catch(() => undefined);
      };
      if (controller.signal.aborted) rechazar();
      else controller.signal.addEventListener('abort', rechazar, { once: true });
    });
    for (;;) {
      esperar();
      const { done, value } = await Promise.race([abortada, reader.read()]);
      // A cancelled body ends as if complete: it is not the file.
      if (controller.signal.aborted) throw new DOMException('Descarga cancelada', 'AbortError');
      if (done) break;
      partes.push(value);
      recibidos += value.byteLength;
      onProgreso?.({ recibidos, total });
    }
    return { blob: new Blob(partes, { type: response.headers.get('Content-Type') ?? '' }), nombre };
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancelar);
  }
}
