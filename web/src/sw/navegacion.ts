/**
 * Navigations the service worker never answers with the cached app: they go to the network as
 * they are. Everything the server answers outside the SPA lives under /api/ (its JSON, the files
 * it sends to download, the WebSocket, which no service worker sees anyway).
 */
export const FUERA_DE_LA_APP: RegExp[] = [/^\/api(\/|\?|$)/];
