/** The preview's reading of a request: the path as nginx resolves it, kept inside the root, and the Host header. */
import { describe, expect, it } from 'vitest';
import { fileInRoot, hostName, resolveRequest } from '../../../generator/preview/paths.ts';

describe('preview paths', () => {
  it('keeps paths inside the root only with a separator after it', () => {
    expect(fileInRoot('/srv/dist', '/../dist-old/secret.txt')).toBeUndefined();
    expect(fileInRoot('/srv/dist', '/../../etc/passwd')).toBeUndefined();
    expect(fileInRoot('/srv/dist', '/en/about/')).toBe('/srv/dist/en/about/');
    expect(fileInRoot('/srv/dist', '/')).toBe('/srv/dist/');
  });

  it('resolves the raw request path as nginx does before any rule sees it', () => {
    const resolve = (requestUrl: string) => resolveRequest('/srv/dist', requestUrl);
    expect(resolve('/a%2F..%2Fnginx.conf')).toEqual({
      urlPath: '/nginx.conf',
      target: '/srv/dist/nginx.conf',
      search: '',
    });
    expect(resolve('//nginx.conf')?.urlPath).toBe('/nginx.conf');
    expect(resolve('/en//about/?a=b')).toMatchObject({ urlPath: '/en/about/', search: '?a=b' });
    expect(resolve('/en/about/..')?.urlPath).toBe('/en/');
    expect(resolve('/en/..')?.urlPath).toBe('/');
    expect(resolve('//')?.urlPath).toBe('/');
    for (const refused of [
      '/..%2fdist-old/secret.txt',
      '/%2e%2e/x',
      '/%E0%A4%A',
      '/x%00',
      'http://example.com/',
      '*',
    ])
      expect(resolve(refused), refused).toBeUndefined();
  });

  it('reads the Host header in any letter case, with or without a port or a trailing dot', () => {
    expect(hostName('Cockpit.Example.com:4173')).toBe('cockpit.example.com');
    expect(hostName('cockpit.example.com.')).toBe('cockpit.example.com');
    expect(hostName('Cockpit.Example.com.:4173')).toBe('cockpit.example.com');
    expect(hostName('cockpit.example.com')).toBe('cockpit.example.com');
    expect(hostName('[::1]:4173')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });
});
