import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './sealed-box';

describe('sealed box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = seal(key, '123456789012', 'owner-1');
    expect(sealed).not.toContain('123456789012');
    expect(open(key, sealed, 'owner-1')).toBe('123456789012');
    expect(seal(key, '123456789012', 'owner-1')).not.toBe(sealed);
  });

  it('refuses another key, another context and any altered byte', () => {
    const sealed = seal(key, 'account', 'owner-1');
    expect(() => open(randomBytes(32), sealed, 'owner-1')).toThrow();
    expect(() => open(key, sealed, 'owner-2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => open(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'owner-1')).toThrow();
    expect(() => open(key, 'plain text', 'owner-1')).toThrow('not a sealed value');
  });

  it('needs a 32-byte key', () => {
    expect(() => seal(randomBytes(16), 'x', 'y')).toThrow('32-byte');
  });
});
