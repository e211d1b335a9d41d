import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /public/stats: figures for the landing page (0 where there is no data). */
export interface PublicStats {
  pasajeros_atendidos: number;
  rutas_disponibles: number;
  años_experiencia: number;
  viajes_diarios: number;
}

/** GET /public/empresa: the installation's public company. */
export interface PublicEmpresa {
  nombre: string;
  telefono?: string | null;
  email?: string | null;
  direccion?: string | null;
  logo_url?: string | null;
}

/** Landing figures. */
export function usePublicStats() {
  return useQuery({
    queryKey: ['public', 'stats'],
    queryFn: ({ signal }) => api.get<PublicStats>('/public/stats', { signal }),
  });
}

/** Landing company and contact data. */
export function usePublicEmpresa() {
  return useQuery({
    queryKey: ['public', 'empresa'],
    queryFn: ({ signal }) => api.get<PublicEmpresa>('/public/empresa', { signal }),
  });
}
