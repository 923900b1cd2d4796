import { describe, expect, it } from 'vitest';
import { fieldErrorsAllShown, fieldPathOf, showFieldErrors } from './form-errors.ts';

const formSpy = () => {
  const calls: unknown[][] = [];
  return { calls, setFields: (fields: unknown[]) => void calls.push(fields) };
};

const failure = (errors: Record<string, string[] | string>) => ({
  statusCode: 400,
  message: 'Check the fields.',
  errors,
});

describe('showFieldErrors', () => {
  it("puts the server's field errors on the form and says so", () => {
    const form = formSpy();
    expect(showFieldErrors(form, failure({ phone: ['Taken.'], name: 'Too long.' }))).toBe(true);
    expect(form.calls).toEqual([
      [
        { name: ['phone'], errors: ['Taken.'] },
        { name: ['name'], errors: ['Too long.'] },
      ],
    ]);
  });

  it('touches no field when the error names none', () => {
    const form = formSpy();
    expect(showFieldErrors(form, { statusCode: 409, message: 'Conflict.' })).toBe(false);
    expect(showFieldErrors(form, new Error('offline'))).toBe(false);
    expect(form.calls).toEqual([]);
  });

  it("keeps to the form's own fields", () => {
    const form = formSpy();
    const error = failure({ bank: ['Unknown bank.'], gymId: ['Not yours.'] });
    expect(showFieldErrors(form, error, { only: ['bank'] })).toBe(true);
    expect(form.calls).toEqual([[{ name: ['bank'], errors: ['Unknown bank.'] }]]);
    expect(showFieldErrors(form, error, { only: (name) => name === 'memo' })).toBe(false);
    expect(form.calls).toHaveLength(1);
  });

  it('maps a nested name to its list place, and merges errors naming one field', () => {
    const form = formSpy();
    const error = failure({
      'questions.0.label': ['Required.'],
      'repeat.weekdays': ['Pick one.'],
      repeat: ['Pick one.'],
    });
    showFieldErrors(form, error, {
      pathOf: (name) => (name.startsWith('repeat') ? 'weekdays' : fieldPathOf(name)),
    });
    expect(form.calls).toEqual([
      [
        { name: ['questions', 0, 'label'], errors: ['Required.'] },
        { name: 'weekdays', errors: ['Pick one.'] },
      ],
    ]);
  });
});

describe('fieldErrorsAllShown', () => {
  it('is true only when every field error names one of the fields', () => {
    expect(fieldErrorsAllShown(failure({ bank: ['x'] }), ['bank', 'holder'])).toBe(true);
    expect(fieldErrorsAllShown(failure({ bank: ['x'], gymId: ['y'] }), ['bank'])).toBe(false);
    expect(fieldErrorsAllShown({ statusCode: 409, message: 'Conflict.' }, ['bank'])).toBe(false);
  });
});
