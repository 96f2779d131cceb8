import { AppError } from '../../lib/errors.js';

/** The 404 of every call about a user who does not exist (reads and the status change alike). */
export const userNotFound = () => new AppError(404, 'User not found.');
