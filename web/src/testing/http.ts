import { HttpResponse } from 'msw';

/** A success envelope. */
export function ok(data: unknown, init?: ResponseInit) {
  return HttpResponse.json({ success: true, data }, init);
}

/** A success envelope that carries the server's message, as writes answer. */
export function okWithMessage(data: unknown, message: string, init?: ResponseInit) {
  return HttpResponse.json({ success: true, data, message }, init);
}

/** An error envelope with a status. */
export function fail(status: number, message: string) {
  return HttpResponse.json({ success: false, message }, { status });
}
