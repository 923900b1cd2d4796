import { describe, expect, it } from 'vitest';
import { findResource } from './registry.ts';
import { genericScreens, type ScreenProps, screenFor } from './screens.tsx';

function BespokeShow(_props: ScreenProps) {
  return null;
}

describe('screen overrides', () => {
  it('uses the generic screens unless a resource names its own', () => {
    const entry = findResource('owner', 'gym-sub-service');
    expect(entry).toBeDefined();
    expect(screenFor(entry!, 'list')).toBe(genericScreens.list);
    const overrides = { 'gym-sub-service': { show: BespokeShow } };
    expect(screenFor(entry!, 'show', overrides)).toBe(BespokeShow);
    expect(screenFor(entry!, 'edit', overrides)).toBe(genericScreens.edit);
    expect(screenFor(findResource('owner', 'gym-auth')!, 'show', overrides)).toBe(genericScreens.show);
  });
});
