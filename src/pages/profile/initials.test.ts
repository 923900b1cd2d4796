import { describe, expect, it } from 'vitest';
import { initialsOf, megabytes } from './initials.ts';

describe('the avatar without a photo', () => {
  it('shows the first letters of a name', () => {
    expect(initialsOf('Jane Doe')).toBe('JD');
    expect(initialsOf('  jane   van doe ')).toBe('JV');
    expect(initialsOf('홍길동')).toBe('홍');
    expect(initialsOf('𝒜lice')).toBe('𝒜');
    expect(initialsOf('')).toBe('?');
  });

  it('states sizes in megabytes', () => {
    expect(megabytes(21 * 1024 * 1024)).toBe('21.0');
    expect(megabytes(1_572_864)).toBe('1.5');
  });
});
