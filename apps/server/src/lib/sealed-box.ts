import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest (affiliates' bank details): AES-256-GCM with a random 96-bit nonce per
// message. `context` (for example the owner's id) is authenticated too, so a sealed value
// copied onto another row does not open there.

const VERSION = 'v1';

export function seal(key: Buffer, plaintext: string, context: string): string {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or an error when the value was altered, sealed under another key or for another context. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
