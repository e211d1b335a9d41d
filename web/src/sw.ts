/// <reference lib="webworker" />
// Muelle's service worker. vite-plugin-pwa (injectManifest, web/vite.config.ts) bundles this file
// into dist/sw.js and writes the list of the build's files into self.__WB_MANIFEST.
// What it does for offline use: docs/features/offline.md. One import per further concern.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { FUERA_DE_LA_APP } from './sw/navegacion';
import { escucharPush } from './sw/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The app shell (index.html, every script and sheet, the icons, the manifest), answered from the
// cache: Muelle opens with no network. Each release's list replaces the last one's on activation.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen of the SPA is index.html: a navigation to one opens the cached copy (the router
// answers the path), except what the server itself answers (the API, its downloads).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: FUERA_DE_LA_APP }));

// A new release takes over at once: open tabs are not kept on the old one until every tab closes;
// the next load opens the new release. A tab still running the old one and asking for one of its
// chunks (gone with it) reloads once (web/src/lib/pwa.ts).
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Web Push: show each push with its tag and open its screen on a click (docs/features/web-push.md).
escucharPush(self);
