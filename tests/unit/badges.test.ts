import { describe, expect, it } from 'vitest';
import { donatorBadge } from '../../src/data/badges';

describe('badges', () => {
  it('donator: above tier 0; the own text above 3 unless blank; rainbow above 4', () => {
    expect(donatorBadge({ donatorTier: 0, donatorBadge: 'x' })).toBeNull();
    expect(donatorBadge({ donatorTier: null, donatorBadge: 'x' })).toBeNull();
    expect(donatorBadge({ donatorTier: 1, donatorBadge: 'Mine' })).toEqual({ text: 'Donator', rainbow: false });
    expect(donatorBadge({ donatorTier: 3, donatorBadge: 'Mine' })).toEqual({ text: 'Donator', rainbow: false });
    expect(donatorBadge({ donatorTier: 4, donatorBadge: 'Mine' })).toEqual({ text: 'Mine', rainbow: false });
    expect(donatorBadge({ donatorTier: 4, donatorBadge: '  ' })).toEqual({ text: 'Donator', rainbow: false });
    expect(donatorBadge({ donatorTier: 4, donatorBadge: null })).toEqual({ text: 'Donator', rainbow: false });
    expect(donatorBadge({ donatorTier: 5, donatorBadge: 'Mine' })).toEqual({ text: 'Mine', rainbow: true });
  });
});
