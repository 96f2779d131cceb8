import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './messages.js';

/** Two people claiming the same username or address at once: the unique index decides, named on its field. */
export function takenErrors(error: unknown) {
  if (isUniqueViolation(error, 'users_username_lower_idx'))
    return new AppError(409, USERNAME_TAKEN, [{ field: 'username', message: USERNAME_TAKEN }]);
  if (isUniqueViolation(error, 'users_email_lower_idx'))
    return new AppError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
  return error;
}
