import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of the library: a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;

/** OWASP's argon2id minimum; the library's defaults are below it, so they are set explicitly. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // With no hash (an unknown user or no password set) the same work is done, so timing tells nothing.
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}

const dummyHash = hash('not-a-real-password', ARGON2_OPTIONS);
