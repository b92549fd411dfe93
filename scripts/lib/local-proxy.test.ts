/** The repository's proxy templates render for the instances a test or benchmark started (scripts/lib/local-proxy.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderProxyConfig, type ProxyKind } from './local-proxy';

const root = path.resolve(import.meta.dirname, '../..');
const templates: Record<ProxyKind, string> = {
  nginx: readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8'),
  haproxy: readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8'),
};
const upstreams = [
  { host: '127.0.0.1', port: 4101 },
  { host: '127.0.0.1', port: 4102 },
];
const listen = { host: '127.0.0.1', port: 4200 };

describe('renderProxyConfig', () => {
  it('nginx: the upstream lines become the given instances and nginx listens on the given port', () => {
    const config = renderProxyConfig('nginx', templates.nginx, upstreams, listen);
    expect(config).not.toContain('10.0.0.1');
    expect(config.match(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm)).toEqual([
      '    server 127.0.0.1:4101 max_fails=1 fail_timeout=10s;',
      '    server 127.0.0.1:4102 max_fails=1 fail_timeout=10s;',
    ]);
    expect(config.match(/^\s*listen .*$/gm)).toEqual(['    listen 127.0.0.1:4200;']);
    // The rest is the template's own, word for word.
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(config).toContain('client_max_body_size 2048m;');
  });

  it('HAProxy: the server lines become the given instances, health-checked, and it binds the given port', () => {
    const config = renderProxyConfig('haproxy', templates.haproxy, upstreams, listen);
    expect(config).not.toContain('10.0.0.1');
    expect(config.match(/^\s*server .*$/gm)).toEqual([
      '    server paralens-1 127.0.0.1:4101',
      '    server paralens-2 127.0.0.1:4102',
    ]);
    expect(config.match(/^\s*bind .*$/gm)).toEqual(['    bind 127.0.0.1:4200']);
    expect(config).toContain('http-check send meth GET uri /api/health');
    expect(config).toContain('balance roundrobin');
  });

  it('refuses a template whose markers are gone, naming them', () => {
    expect(() => renderProxyConfig('nginx', 'upstream paralens { server a:1; }', upstreams, listen)).toThrow(
      /deploy\/nginx\.conf lacks its "# paralens:upstreams-begin"/,
    );
  });
});
