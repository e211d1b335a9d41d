import { http } from 'msw';
import { EMPRESA } from '@/testing/fixtures';
import { ok } from '@/testing/http';

/** GET /config/empresa: the fixture company. */
export const empresaHandlers = [http.get('/api/config/empresa', () => ok(EMPRESA))];
