import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { HttpError, withFormErrorsDeferred } from './http';
import { toast } from './toasts';

export interface ServerErrorOptions {
  /**
   * The field a 409 without `errors` is about, when the form's call can only conflict on that one
   * field (a duplicate tag name, an invitation to someone already on the team). The server's 409s carry
   * a message only; mapping them here is safe only where no other conflict is possible.
   */
  conflictField?: string;
}

/**
 * Server field errors of a failed call, keyed for `form.setErrors`, limited to the form's own fields
 * (anything else is already in the error toast).
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  options: ServerErrorOptions = {},
): Partial<Record<Field, string>> {
  return placeServerErrors(error, fields, options).inline as Partial<Record<Field, string>>;
}

/** Which messages of a failed call go under which field, and which are left for the toast. */
export function placeServerErrors(
  error: unknown,
  fields: readonly string[] | ((field: string) => boolean),
  { conflictField }: ServerErrorOptions = {},
): { inline: Record<string, string>; rest: string[] } {
  if (!(error instanceof HttpError)) return { inline: {}, rest: [] };
  if (error.kind === 'aborted') return { inline: {}, rest: [] };
  const known = typeof fields === 'function' ? fields : (field: string) => fields.includes(field);
  const inline: Record<string, string> = {};
  const rest: string[] = [];
  const fieldErrors = error.errors ?? [];
  if (fieldErrors.length === 0) {
    if (error.status === 409 && conflictField && known(conflictField)) inline[conflictField] = error.message;
    else rest.push(error.message);
    return { inline, rest };
  }
  for (const { field, message } of fieldErrors) {
    if (known(field)) {
      inline[field] ??= message;
    } else if (!rest.includes(message)) {
      rest.push(message);
    }
  }
  return { inline, rest };
}

/** True when `path` ("name", "socialLinks.facebook") names a value of the form. */
function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/** Moves focus to the first field in error, in the order the fields appear on screen. */
export function focusFirstError(root: ParentNode | null | undefined, paths: string[]): void {
  if (!root || paths.length === 0) return;
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) {
    invalid.focus();
    return;
  }
  // Fields without an aria-invalid input (an image picker) are found by the path Mantine tags them with.
  for (const path of paths) {
    const node = root.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
    if (node) {
      node.focus();
      return;
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any form, whatever its values.
type AnyForm = UseFormReturnType<any, any>;
/** What the form hands its submit handler (after `transformValues`). */
type SubmittedValues<F extends AnyForm> = Parameters<Parameters<F['onSubmit']>[0]>[0];

/**
 * Shows a failed call on the form: messages about its fields go under them (and focus moves to the
 * first), the rest goes to one error toast. Never both for the same message.
 */
export function showServerErrors(
  form: AnyForm,
  error: unknown,
  options: ServerErrorOptions & { root?: ParentNode | null } = {},
): void {
  if (!(error instanceof HttpError)) throw error;
  const { inline, rest } = placeServerErrors(error, (field) => hasPath(form.getValues(), field), options);
  const paths = Object.keys(inline);
  if (paths.length > 0) {
    flushSync(() => form.setErrors({ ...form.errors, ...inline }));
    focusFirstError(options.root ?? document, paths);
  }
  // A call made outside the deferral (a GET) was toasted already by the http helper.
  if (error.toastDeferred && rest.length > 0) toast.error(rest.join('\n'));
}

/**
 * The submit handler of every console form: `onSubmit={submitWithServerErrors(form, save, { conflictField: 'name' })}`.
 * `save` just makes its calls and lets failures throw: their toasts are held back while it runs, then
 * field errors are placed under their fields with focus on the first, and the rest is toasted once.
 * A client-side validation failure also focuses the first field in error.
 */
export function submitWithServerErrors<F extends AnyForm>(
  form: F,
  save: (values: SubmittedValues<F>) => Promise<unknown>,
  options: ServerErrorOptions = {},
): (event?: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    // React clears currentTarget once the handler returns; the form element is needed after the call.
    const root = event?.currentTarget ?? null;
    form.onSubmit(
      async (values) => {
        try {
          await withFormErrorsDeferred(() => save(values));
        } catch (error) {
          showServerErrors(form, error, { ...options, root });
        }
      },
      (errors) => {
        const paths = Object.keys(errors);
        // Validation errors render on the next commit; focus once they are on screen.
        setTimeout(() => focusFirstError(root ?? document, paths), 0);
      },
    )(event);
  };
}
