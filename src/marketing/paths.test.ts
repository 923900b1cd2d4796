import { describe, expect, it } from 'vitest';
import { marketingPageOf } from './paths.ts';

describe('marketingPageOf', () => {
  it('serves SELECT, terms and privacy from the marketing entry', () => {
    expect(marketingPageOf('/select')).toBe('landing');
    expect(marketingPageOf('/select/')).toBe('landing');
    expect(marketingPageOf('/terms')).toBe('terms');
    expect(marketingPageOf('/privacy')).toBe('privacy');
  });

  it('leaves every other path to the back-office', () => {
    for (const path of [
      '/',
      '/login',
      '/join',
      '/join/worker',
      '/selection',
      '/select/more',
      '/terms/x',
      '/SELECT',
    ]) {
      expect(marketingPageOf(path)).toBeNull();
    }
  });
});
