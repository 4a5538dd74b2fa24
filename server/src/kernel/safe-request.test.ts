import { describe, expect, it } from 'vitest';
import { loggedUrl, safeRequest } from './safe-request.ts';

describe('loggedUrl', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(loggedUrl('/password-reset?token=abc.def-123')).toBe('/password-reset?token=…');
    expect(loggedUrl('/api/v1/users?search=jane%40example.com&page=2')).toBe('/api/v1/users?search=…&page=…');
    expect(loggedUrl('/api/v1/drugs?flag')).toBe('/api/v1/drugs?flag=…');
    expect(loggedUrl('/api/v1/drugs?')).toBe('/api/v1/drugs?');
    expect(loggedUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('is what the request serializer logs', () => {
    expect(
      safeRequest({ method: 'GET', url: '/password-reset?token=secret', host: 'h', ip: '127.0.0.1' }),
    ).toEqual({
      method: 'GET',
      url: '/password-reset?token=…',
      version: undefined,
      host: 'h',
      remoteAddress: '127.0.0.1',
      remotePort: undefined,
    });
  });
});
