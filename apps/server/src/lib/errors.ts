/** An error meant for the caller: its status and message reach the client as the error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: { field: string; message: string }[]) =>
  new AppError(400, message, errors);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, message);
/** Also used for things the actor may not see, so that ids cannot be probed. */
export const notFound = (what = 'The requested item') => new AppError(404, `${what} was not found.`);
export const conflict = (message: string) => new AppError(409, message);
export const locked = (message: string) => new AppError(423, message);
