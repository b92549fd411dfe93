import { describe, expect, it } from 'vitest';
import { endpointUrl, normaliseBaseUrl } from './base-url';

const ok = (typed: string) => {
  const check = normaliseBaseUrl(typed);
  if (!check.ok) throw new Error(check.error);
  return check.baseUrl;
};
const error = (typed: string) => {
  const check = normaliseBaseUrl(typed);
  if (check.ok) throw new Error(`accepted ${typed} as ${check.baseUrl}`);
  return check.error;
};

describe('normaliseBaseUrl', () => {
  it.each([
    ['http://localhost:11434', 'http://localhost:11434/v1'],
    ['http://localhost:11434/', 'http://localhost:11434/v1'],
    ['http://localhost:11434/v1', 'http://localhost:11434/v1'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1'],
    ['  http://127.0.0.1:8080/v1/chat/completions  ', 'http://127.0.0.1:8080/v1'],
    ['http://127.0.0.1:8000/v1/models', 'http://127.0.0.1:8000/v1'],
    ['localhost:1234', 'http://localhost:1234/v1'],
    ['192.168.1.20:8000', 'http://192.168.1.20:8000/v1'],
    ['HTTPS://API.OpenAI.com', 'https://api.openai.com/v1'],
    ['https://api.openai.com:443/v1', 'https://api.openai.com/v1'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1'],
    ['https://generativelanguage.googleapis.com/v1beta/openai/', 'https://generativelanguage.googleapis.com/v1beta/openai'],
    ['https://gpu.example.org/ollama', 'https://gpu.example.org/ollama/v1'],
    ['http://[::1]:11434', 'http://[::1]:11434/v1'],
  ])('%s → %s', (typed, expected) => {
    expect(ok(typed)).toBe(expected);
  });

  it('refuses what is not an http(s) base URL, saying why', () => {
    expect(error('')).toMatch(/Enter the server/);
    expect(error('ftp://host/v1')).toMatch(/Only http:\/\/ and https:\/\//);
    expect(error('file:///etc/passwd')).toMatch(/Only http/);
    expect(error('http://user:sk-secret@host:8000')).toMatch(/API key in its own field/);
    expect(error('http://user:sk-secret@host:8000')).not.toContain('sk-secret');
    expect(error('http://host:8000/v1?key=1')).toMatch(/query/);
    expect(error('http://host:8000/v1#x')).toMatch(/fragment/);
    expect(error('http://host name:8000')).toMatch(/spaces/);
    expect(error('http://')).toMatch(/not a web address|no host/);
  });

  it('appends the endpoint paths', () => {
    expect(endpointUrl('http://h:1/v1', 'chat/completions')).toBe('http://h:1/v1/chat/completions');
    expect(endpointUrl('http://h:1/v1/', 'models')).toBe('http://h:1/v1/models');
  });
});
