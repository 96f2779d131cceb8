/**
 * What of an error goes to the log. A failed query's error carries the statement's parameters (and
 * PostgreSQL's `detail` may quote values): passwords, tokens and personal data a log must not keep. So
 * such an error is logged as its statement and database error code, without parameters or detail.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error)) return error;
  const cause = error.cause as { message?: string; code?: string } | undefined;
  const query = 'query' in error && typeof error.query === 'string' ? error.query : undefined;
  return {
    type: error.name,
    message: `Failed query: ${query ?? '(unknown)'}`,
    query,
    cause: cause ? { message: cause.message, code: cause.code } : undefined,
    stack: error.stack?.split('\n').slice(error.message.split('\n').length).join('\n'),
  };
}
