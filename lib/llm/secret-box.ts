/**
 * API keys at rest: AES-256-GCM (NIST SP 800-38D) under a key derived from AUTH_SECRET with
 * HKDF-SHA256 (RFC 5869), so a database dump alone does not reveal them. The derivation uses an
 * empty salt and the fixed info string `paralens endpoint api key v1`: the info separates this key
 * from every other use of AUTH_SECRET, and AUTH_SECRET is already a random secret, which is what
 * HKDF's extract step needs no salt for. Each value gets a random 96-bit IV (the size GCM is
 * specified for). The stored text is `v1:<iv>:<ciphertext>:<tag>`, base64 each, so a later scheme
 * can be told apart. Errors never contain the plaintext, the secret or the derived key.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SECRET_BOX_INFO = 'paralens endpoint api key v1';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

function deriveKey(authSecret: string): Buffer {
  if (authSecret.length === 0) throw new SecretBoxError('AUTH_SECRET is empty: the API key cannot be sealed or opened.');
  return Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), SECRET_BOX_INFO, 32));
}

/** The sealed text of `plain`, to store. */
export function sealSecret(plain: string, authSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(authSecret), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join(':');
}

/** The plaintext of a sealed text; a SecretBoxError that says what to do when it cannot be opened. */
export function openSecret(sealed: string, authSecret: string): string {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION)
    throw new SecretBoxError('The stored API key is not in a format Paralens knows (expected “v1:…”); enter the key again.');
  const [iv, ciphertext, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64'));
  if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES)
    throw new SecretBoxError('The stored API key is damaged; enter the key again.');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(authSecret), iv!, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag!);
  try {
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError(
      'The stored API key cannot be opened: AUTH_SECRET has changed since it was saved (or the value was altered). Enter the key again.',
    );
  }
}
