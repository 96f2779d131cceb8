import { HttpError } from './http';

/**
 * Server field errors of a failed call, keyed for `form.setErrors`, limited to the form's own fields
 * (anything else is already in the error toast).
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!(error instanceof HttpError) || !error.errors) return {};
  const known = new Set<string>(fields);
  const result: Partial<Record<Field, string>> = {};
  for (const { field, message } of error.errors) {
    if (known.has(field) && result[field as Field] === undefined) result[field as Field] = message;
  }
  return result;
}
