import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadRoutes } from '@/app/routes';
import { fakeMediaQueryList } from './media';
import { quitarNavegadorFalso } from './push';
import { server } from './server';
import { FakeWebSocket } from './websocket';

// findBy* waits up to 5 s (not 1 s): the suite shares two cores with the Go build and tests.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => fakeMediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// No test opens a real socket: the layout's event stream talks to a fake.
window.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
// Mantine's Select scrolls the selected option into view.
Element.prototype.scrollIntoView = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Screens and their shell render at once, as before they were lazy-loaded: tests need not wait for their code.
// The offline code the shell loads once painted comes too: loaded late, after a short file's last test, its
// import would land once the file's environment is torn down (an unhandled EnvironmentTeardownError).
beforeAll(() => Promise.all([preloadRoutes(), import('@/lib/offline/cola'), import('@/lib/offline/sincronizador'),
  import('@/api/sincronizacion')]));
afterEach(() => {
  cleanup();
  // The toast store is global: earlier tests' toasts would fill it and queue the next ones.
  notifications.clean();
  server.resetHandlers();
  localStorage.clear();
  FakeWebSocket.abiertos = [];
  quitarNavegadorFalso();
  // a global a test stubbed and did not restore would reach the next file of a shared worker
  vi.unstubAllGlobals();
});
afterAll(() => server.close());
