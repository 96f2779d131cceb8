import { AppError } from './errors.js';

/**
 * PostgreSQL errors mapped once, for every call: a constraint the caller ran into is a 4xx naming the
 * field, a contention failure (lock timeout, serialization failure, deadlock, no free connection) is
 * retried by the unit of work and then a 503 with `Retry-After`, and a database that cannot serve
 * (unreachable, out of connection slots, shutting down) is a 503 with `Retry-After` at once. None of
 * these is ever a 500, however deep Drizzle or pg-pool wrapped the driver's error.
 */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** PostgreSQL 18 reports deleting a row an `ON DELETE RESTRICT` key still points at with its own code. */
  restrictViolation: '23001',
  checkViolation: '23514',
  notNullViolation: '23502',
  lockNotAvailable: '55P03',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  queryCanceled: '57014',
  tooManyConnections: '53300',
  adminShutdown: '57P01',
  crashShutdown: '57P02',
  cannotConnectNow: '57P03',
} as const;

/** Contention: trying the same change again a moment later may well succeed. */
const TRANSIENT = new Set<string>([PG.lockNotAvailable, PG.serializationFailure, PG.deadlockDetected]);
/** The server refuses or ends connections (also class 08, connection exceptions, matched by prefix). */
const UNAVAILABLE = new Set<string>([
  PG.tooManyConnections,
  PG.adminShutdown,
  PG.crashShutdown,
  PG.cannotConnectNow,
]);

export interface PgErrorFields {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
  message: string;
}

/**
 * The error and its causes, outermost first. Drizzle wraps the driver's error (`cause`), and pg-pool
 * wraps a failed connect in its own; what decides the answer may be at any depth.
 */
function* causeChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current) && seen.size < 8; ) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The driver's error, whether thrown directly by pg or wrapped by Drizzle (`cause`). */
export function pgErrorOf(error: unknown): PgErrorFields | undefined {
  for (const candidate of causeChain(error)) {
    const code = (candidate as Partial<PgErrorFields>).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return candidate as PgErrorFields;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === PG.uniqueViolation && (!constraint || pg.constraint === constraint);
}

/**
 * pg-pool's own error when no connection became free within `connectionTimeoutMillis` (or a new one
 * could not be opened in that time), at any depth of the chain.
 */
function isPoolTimeout(error: unknown): boolean {
  for (const candidate of causeChain(error)) {
    if (
      candidate instanceof Error &&
      /timeout exceeded when trying to connect|connection terminated due to connection timeout/i.test(
        candidate.message,
      )
    )
      return true;
  }
  return false;
}

/** Socket errors of a database that cannot be reached (down, restarting, unreachable). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * The database cannot serve this call now: unreachable, out of connection slots, shutting down or
 * starting, or the connection broke under the call. Not the caller's fault and not contention:
 * answered 503 with `Retry-After` at once (repeating the work against a database that is down only
 * adds load), never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of causeChain(error)) {
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE.has(code) || UNAVAILABLE.has(code) || code.startsWith('08')))
      return true;
    if (candidate instanceof Error && /^Connection terminated( unexpectedly)?$/.test(candidate.message))
      return true;
  }
  return false;
}

/** Lock timeout, serialization failure, deadlock, or no free connection in time: worth another try. */
export function isTransientDbError(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return (code !== undefined && TRANSIENT.has(code)) || isPoolTimeout(error);
}

/** The value PostgreSQL names in a violation's detail: `Key (lower(name))=(jazz) already exists.` */
function keyValue(detail: string | undefined): string | undefined {
  const match = detail?.match(/\)=\((.*)\) (already exists|is not present|is still referenced)/);
  if (!match?.[1]) return undefined;
  // Composite keys list every column; the last one is the one a person typed.
  const parts = match[1].split(', ');
  return parts[parts.length - 1];
}

interface ConstraintMessage {
  field: string;
  message: (value: string | undefined) => string;
  status?: number;
}

const named = (what: string) => (value: string | undefined) =>
  value ? `${what} "${value}" already exists.` : `${what} with this name already exists.`;

/**
 * Unique indexes, foreign keys and checks by name → the field and a sentence for the person. A
 * constraint not listed still maps to a 409/404/400 with a generic sentence; list it for a better one.
 */
export const CONSTRAINTS: Record<string, ConstraintMessage> = {
  categories_name_lower_idx: { field: 'name', message: named('A category named') },
  subcategories_name_lower_idx: { field: 'name', message: named('A subcategory named') },
  tags_name_lower_idx: { field: 'name', message: named('A tag named') },
  reasons_kind_text_idx: {
    field: 'text',
    message: (v) => (v ? `The reason "${v}" already exists.` : 'This reason already exists.'),
  },
  catalog_requests_pending_name_idx: {
    field: 'name',
    message: (v) =>
      v
        ? `A request for "${v}" is already waiting for review.`
        : 'This request is already waiting for review.',
  },
  users_email_lower_idx: {
    field: 'email',
    message: () => 'An account with this email address already exists.',
  },
  users_username_lower_idx: { field: 'username', message: () => 'This username is taken.' },
  organization_members_email_idx: {
    field: 'email',
    message: (v) => (v ? `${v} is already on this team.` : 'This person is already on this team.'),
  },
  sandbox_payout_accounts_organization_idx: {
    field: 'organizationId',
    message: () => 'This organization already has a payout account.',
  },
};

function retryLater(): AppError {
  return new AppError(
    503,
    'The server is busy with other changes to the same data. Please try again in a moment.',
    undefined,
    { 'retry-after': '1' },
  );
}

function busy(): AppError {
  return new AppError(503, 'The server is busy. Please try again in a moment.', undefined, {
    'retry-after': '2',
  });
}

/** The answer for a database error, or undefined when it is not one the caller caused or can retry. */
export function mapDatabaseError(error: unknown): AppError | undefined {
  if (isPoolTimeout(error) || isDatabaseUnavailable(error)) return busy();
  if (isTransientDbError(error)) return retryLater();
  const pg = pgErrorOf(error);
  if (!pg?.code) return undefined;
  const known = pg.constraint ? CONSTRAINTS[pg.constraint] : undefined;
  const value = keyValue(pg.detail);
  switch (pg.code) {
    case PG.uniqueViolation: {
      const field = known?.field ?? 'body';
      const message = known?.message(value) ?? 'This already exists.';
      return new AppError(known?.status ?? 409, message, [{ field, message }]);
    }
    case PG.foreignKeyViolation:
    case PG.restrictViolation: {
      // Inserting a reference to a missing row: that row was not found. Deleting a row still in use: a conflict.
      const stillUsed = pg.code === PG.restrictViolation || /is still referenced/.test(pg.detail ?? '');
      const field = known?.field ?? pg.column ?? 'body';
      const message =
        known?.message(value) ??
        (stillUsed
          ? 'This is still in use elsewhere and cannot be removed.'
          : 'Something this refers to was not found.');
      return new AppError(known?.status ?? (stillUsed ? 409 : 404), message, [{ field, message }]);
    }
    case PG.checkViolation:
    case PG.notNullViolation: {
      const field = known?.field ?? pg.column ?? 'body';
      const message = known?.message(value) ?? 'A value is out of the allowed range.';
      return new AppError(known?.status ?? 400, message, [{ field, message }]);
    }
    case PG.queryCanceled:
      return retryLater();
    default:
      return undefined;
  }
}
