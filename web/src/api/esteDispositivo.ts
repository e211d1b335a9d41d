import { dispositivosKeys } from './keys';

/**
 * This browser's registration as a device, read from its own storage (also offline: the query
 * never waits for the network) by lib/dispositivo, a small chunk of its own. Null when it
 * has none or the browser keeps none. A module apart from api/dispositivos: the pier screens
 * read it as the app boots (features/venta/precarga.ts), before anything else of the devices.
 */
export const esteDispositivoQuery = {
  queryKey: dispositivosKeys.este(),
  queryFn: async () => {
    try {
      const { dispositivoActual } = await import('@/lib/dispositivo');
      return await dispositivoActual();
    } catch {
      return null; // no IndexedDB: not registered
    }
  },
  networkMode: 'always',
} as const;
