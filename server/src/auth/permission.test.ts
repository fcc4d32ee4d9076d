import { describe, expect, it } from 'vitest';
import { hasPermission, satisfies } from './permission';
import type { Permission } from './permissions';

describe('permission checks (spec section 6)', () => {
  it('match * , *:*:* or the exact permission; empty never matches', () => {
    expect(hasPermission(['*'], 'system:user:list')).toBe(true);
    expect(hasPermission(['*:*:*'], 'system:user:list')).toBe(true);
    expect(hasPermission(['system:user:list'], 'system:user:list')).toBe(true);
    expect(hasPermission(['system:user:list'], 'system:user:add')).toBe(false);
    expect(hasPermission(['system:user'], 'system:user:list')).toBe(false);
    expect(hasPermission(['*'], '' as Permission)).toBe(false);
    expect(hasPermission([], 'system:user:list')).toBe(false);
  });

  it('apply any-of, all-of and signed-in rules', () => {
    const held = ['system:user:list', 'system:role:list'];
    expect(satisfies(held, { anyOf: ['system:menu:list', 'system:role:list'] })).toBe(true);
    expect(satisfies(held, { anyOf: ['system:menu:list'] })).toBe(false);
    expect(satisfies(held, { allOf: ['system:user:list', 'system:role:list'] })).toBe(true);
    expect(satisfies(held, { allOf: ['system:user:list', 'system:menu:list'] })).toBe(false);
    expect(satisfies(held, { allOf: [] })).toBe(false);
    expect(satisfies(held, { anyOf: [] })).toBe(false);
    expect(satisfies([], 'signedIn')).toBe(true);
  });
});
