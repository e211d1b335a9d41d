import { readToken } from './session/storage';

/** Base path of the JSON API. */
export const API_BASE = '/api';
/** Every call is aborted after this many milliseconds. */
export const API_TIMEOUT_MS = 10_000;
/** Window event fired when a call answers 401; the session listens and logs out. */
export const UNAUTHORIZED_EVENT = 'muelle:unauthorized';
/** Message used when the server gives none (no answer, timeout, not our envelope). */
export const CONNECTION_ERROR_MESSAGE = 'Error de conexión con el servidor';

/** A failed call: `status` is 0 when the server never answered. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | null;
  /** The `data` of the error envelope (e.g. when and by whom a ticket already boarded); null when none. */
  readonly data: unknown;

  constructor(status: number, serverMessage: string | null, data: unknown = null) {
    super(serverMessage ?? CONNECTION_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.data = data;
  }
}

/** The server's message of a failed call, else `fallback` (no answer, or an answer without one). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header so that retries create nothing twice. */
  idempotencyKey?: string;
  /** Do not turn a 401 into a logout (the login and logout calls themselves). */
  skipAuthEvent?: boolean;
  /** The bearer token to send instead of the staff session's (the customer portal's own; null: none). */
  token?: string | null;
}

/** The data of an answer together with the server's message (the success text to show). */
export interface ApiResult<T> {
  data: T;
  message: string | null;
}

interface Envelope {
  success: boolean;
  data?: unknown;
  message?: string;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'success' in body ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

async function requestResult<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<ApiResult<T>> {
  // Read before the first await: logout starts its call and then clears the storage.
  const token = options.token !== undefined ? options.token : readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A form (a file upload) sets its own multipart content type.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  try {
    const response = await fetch(API_BASE + path, {
      method,
      headers,
      body: body === undefined || form ? (body as FormData | undefined) : JSON.stringify(body),
      signal: controller.signal,
    });
    const envelope = await readEnvelope(response);
    if (response.status === 401 && !options.skipAuthEvent) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    if (!response.ok || !envelope?.success) {
      throw new ApiError(response.status, envelope?.message || null, envelope?.data ?? null);
    }
    return { data: envelope.data as T, message: envelope.message || null };
  } catch (error) {
    if (error instanceof ApiError || options.signal?.aborted) throw error;
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  return (await requestResult<T>(method, path, body, options)).data;
}

/** The API client: returns the envelope's data or throws an ApiError. */
export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
  /** A write that keeps the server's message, e.g. 'Sección creada exitosamente'. */
  send: <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options: RequestOptions = {}) =>
    requestResult<T>(method, path, body, options),
};
