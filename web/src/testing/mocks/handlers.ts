/** What the API answers when a test does not say otherwise; tests override a call with `server.use`. */
import type { Me, PublicConfig } from '@app/contract';
import { http, HttpResponse } from 'msw';

export const publicConfig: PublicConfig = {
  google_client_id: null,
  docs_url: 'https://docs.example.com',
  codebase_url: 'https://code.example.com',
};

export const me: Me = {
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  is_verified: true,
  is_super_admin: false,
  has_password: true,
  created_at: '2025-01-01T00:00:00.000Z',
};

export const handlers = [
  http.get('/api/config', () => HttpResponse.json(publicConfig)),
  http.get('/api/auth/me', () => HttpResponse.json(me)),
  http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
];
