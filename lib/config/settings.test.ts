import { describe, expect, it } from 'vitest';
import { ConfigError, configProblems, configTable, setting, SETTINGS } from './settings';

describe('setting', () => {
  it('gives the default when a variable is unset or empty', () => {
    expect(setting('PORT', {})).toBe(3000);
    expect(setting('PORT', { PORT: '' })).toBe(3000);
    expect(setting('PARALENS_HOME', {})).toBe('.paralens');
    expect(setting('DATABASE_URL', { DATABASE_URL: '' })).toBeUndefined();
    expect(setting('PARALENS_DEMO', {})).toBe(false);
  });

  it('parses what is given', () => {
    expect(setting('PORT', { PORT: ' 8080 ' })).toBe(8080);
    expect(setting('TRUSTED_PROXY_HOPS', { TRUSTED_PROXY_HOPS: '0' })).toBe(0);
    expect(setting('PARALENS_UPLOAD_TTL_HOURS', { PARALENS_UPLOAD_TTL_HOURS: '0.5' })).toBe(0.5);
    expect(setting('PARALENS_DEMO', { PARALENS_DEMO: '1' })).toBe(true);
    expect(setting('HF_ENDPOINT', { HF_ENDPOINT: 'http://127.0.0.1:9/hub//' })).toBe('http://127.0.0.1:9/hub');
    expect(setting('DATABASE_URL', { DATABASE_URL: 'postgres://u:p@db/paralens' })).toBe('postgres://u:p@db/paralens');
  });

  it('reads the other spelling when the first is unset (AUTH_URL before NEXTAUTH_URL, then lower-case proxies)', () => {
    expect(setting('AUTH_URL', { NEXTAUTH_URL: 'https://a.example' })).toBe('https://a.example');
    expect(setting('AUTH_URL', { AUTH_URL: 'https://b.example', NEXTAUTH_URL: 'https://a.example' })).toBe('https://b.example');
    expect(setting('HTTPS_PROXY', { https_proxy: 'http://proxy:3128' })).toBe('http://proxy:3128');
  });

  it('refuses a bad value, naming the variable (the spelling that was set) and its value', () => {
    for (const [name, value, problem] of [
      ['PORT', 'eighty', 'must be a whole number from 1 to 65535'],
      ['PORT', '70000', 'must be a whole number from 1 to 65535'],
      ['TRUSTED_PROXY_HOPS', '1.5', 'must be a whole number from 0 to 10'],
      ['TRUSTED_PROXY_HOPS', '-1', 'must be a whole number from 0 to 10'],
      ['PARALENS_JOB_MEMORY_MB', '32', 'must be a whole number of at least 64'],
      ['PARALENS_UPLOAD_TTL_HOURS', '0', 'must be a positive number'],
      ['PARALENS_DEMO', 'yes', 'must be 1 or 0'],
      ['DATABASE_URL', 'mysql://db', 'must be a postgresql:// address'],
      ['HF_ENDPOINT', 'huggingface.co', 'must be an http:// or https:// address'],
    ] as const) {
      const error = (() => {
        try {
          setting(name, { [name]: value });
        } catch (e) {
          return e;
        }
      })();
      expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe(`${name}=${value} ${problem}.`);
    }
    expect(setting('HTTPS_PROXY', { HTTPS_PROXY: ' ', https_proxy: 'http://p:1' })).toBe('http://p:1');
  });

  it('says what to do, with a hint of its own where one helps', () => {
    const [hops] = configProblems({ TRUSTED_PROXY_HOPS: 'yes' });
    expect(hops!.hint).toMatch(/how many reverse proxies/);
    const [mb] = configProblems({ PARALENS_JOB_MEMORY_MB: 'lots' });
    expect(mb!.hint).toBe('Fix it, or unset it for the default (README, Configuration).');
  });
});

describe('PARALENS_WEB_PROCESSES', () => {
  it('is 1 when unset, auto or a whole number from 1 to 64 otherwise', () => {
    expect(setting('PARALENS_WEB_PROCESSES', {})).toBe(1);
    expect(setting('PARALENS_WEB_PROCESSES', { PARALENS_WEB_PROCESSES: 'auto' })).toBe('auto');
    expect(setting('PARALENS_WEB_PROCESSES', { PARALENS_WEB_PROCESSES: ' 3 ' })).toBe(3);
    for (const bad of ['0', '65', 'two', '1.5']) {
      expect(configProblems({ PARALENS_WEB_PROCESSES: bad })[0]?.message).toBe(
        `PARALENS_WEB_PROCESSES=${bad} must be auto or a whole number from 1 to 64.`,
      );
    }
  });
});

describe('configProblems', () => {
  it('lists every bad variable of the groups asked for, and nothing for a clean environment', () => {
    expect(configProblems({})).toEqual([]);
    const env = { PORT: 'x', PARALENS_JOB_CONCURRENCY: '0', BENCH_ROUNDS: 'many' };
    expect(configProblems(env).map((p) => p.variable)).toEqual(['PORT', 'PARALENS_JOB_CONCURRENCY']);
    expect(configProblems(env, ['tests']).map((p) => p.variable)).toEqual(['BENCH_ROUNDS']);
  });
});

describe('configTable', () => {
  it('has one row per variable of its group, with the other spellings', () => {
    const app = configTable('app').split('\n');
    const tests = configTable('tests').split('\n');
    expect(app.length - 2 + tests.length - 2).toBe(Object.keys(SETTINGS).length);
    expect(app.find((row) => row.startsWith('| `AUTH_URL` or `NEXTAUTH_URL` |'))).toBeDefined();
    expect(app.find((row) => row.startsWith('| `HTTPS_PROXY` |'))).toBeDefined();
  });
});
