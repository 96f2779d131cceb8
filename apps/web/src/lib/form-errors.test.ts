import { describe, expect, it } from 'vitest';
import { placeServerErrors } from './form-errors';
import { HttpError } from './http';

const FIELDS = ['name', 'status'] as const;

describe('placeServerErrors', () => {
  it('puts field errors under known fields and leaves the rest for one toast', () => {
    const error = new HttpError('response', 400, 'x', [
      { field: 'name', message: 'Too short' },
      { field: 'name', message: 'Second message for name' },
      { field: 'secret', message: 'Not a field of this form' },
    ]);
    expect(placeServerErrors(error, FIELDS)).toEqual({
      inline: { name: 'Too short' },
      rest: ['Not a field of this form'],
    });
  });

  it('maps a 409 without errors to the conflict field only when one is named', () => {
    const conflict = new HttpError('response', 409, 'A tag named "Jazz" already exists.');
    expect(placeServerErrors(conflict, FIELDS, { conflictField: 'name' })).toEqual({
      inline: { name: 'A tag named "Jazz" already exists.' },
      rest: [],
    });
    expect(placeServerErrors(conflict, FIELDS)).toEqual({
      inline: {},
      rest: ['A tag named "Jazz" already exists.'],
    });
  });

  it('toasts failures that are no field’s (offline), and says nothing for a cancelled call', () => {
    expect(placeServerErrors(new HttpError('offline', 0, 'No Internet Connection'), FIELDS).rest).toEqual([
      'No Internet Connection',
    ]);
    expect(placeServerErrors(new HttpError('aborted', 0, 'cancelled'), FIELDS)).toEqual({
      inline: {},
      rest: [],
    });
  });
});
