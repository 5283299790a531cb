import { describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';

/**
 * The small activity behaviours were one feature ('activity touches') and are one feature each
 * now. What users keep from before: the option keys (import, export and the switch-over read
 * them), the order the settings page lists them in, and the command ids their hotkey remaps and
 * recent commands are stored under.
 */

const BEHAVIOURS: Record<string, { toggle: string; options: string[]; commands?: string[] }> = {
  'subscribe-buttons': { toggle: 'moveSubscribeButtons', options: ['moveSubscribeButtons'] },
  'like-counts': { toggle: 'hideLikeCount', options: ['hideLikeCount'] },
  'collapsible-replies': {
    toggle: 'collapsibleReplies',
    options: ['collapsibleReplies', 'rememberCollapsedReplies', 'autoCollapseLiked', 'autoCollapseSelf'],
    commands: ['collapsible-replies.toggle-reply', 'collapsible-replies.collapse-replies', 'collapsible-replies.expand-replies'],
  },
  'image-preview': { toggle: 'imagePreviewEnabled', options: ['imagePreviewEnabled'] },
  'list-feed-messages': { toggle: 'hideMessagesFromListFeed', options: ['hideMessagesFromListFeed'] },
  'self-message': { toggle: 'selfMessageEnabled', options: ['selfMessageEnabled'], commands: ['self-message.open'] },
  'same-tab-links': { toggle: 'removeAnilistBlanks', options: ['removeAnilistBlanks'] },
  'timestamp-tooltips': { toggle: 'activityTimestampTooltipsEnabled', options: ['activityTimestampTooltipsEnabled'] },
};

describe('the activity behaviours', () => {
  const registry = new Registry();
  features.forEach((f) => registry.define(f));

  it('are one feature each, built, switched by their own option, with the original option keys and command ids', () => {
    for (const [id, expected] of Object.entries(BEHAVIOURS)) {
      const feature = features.find((f) => f.id === id);
      expect(feature, id).toBeDefined();
      expect(feature!.planned, id).toBeUndefined();
      expect(feature!.toggle, id).toBe(expected.toggle);
      expect(
        (feature!.options ?? []).map((o) => o.key),
        id,
      ).toEqual(expected.options);
      expect(
        (feature!.commands ?? []).map((c) => c.id),
        id,
      ).toEqual(expected.commands ?? []);
    }
    expect(features.some((f) => f.id === 'activity-touches')).toBe(false);
  });

  it('keep the settings page order and categories of the original options', () => {
    const keys = registry.options().map((o) => o.key);
    const ours = Object.values(BEHAVIOURS).flatMap((b) => b.options);
    expect(keys.filter((k) => ours.includes(k))).toEqual([
      'moveSubscribeButtons',
      'hideLikeCount',
      'collapsibleReplies',
      'rememberCollapsedReplies',
      'autoCollapseLiked',
      'autoCollapseSelf',
      'imagePreviewEnabled',
      'hideMessagesFromListFeed',
      'selfMessageEnabled',
      'removeAnilistBlanks',
      'activityTimestampTooltipsEnabled',
    ]);
    // They sat together, between markdown's options and the messages feed's.
    const first = keys.indexOf('moveSubscribeButtons');
    expect(keys.slice(first, first + ours.length)).toEqual(keys.filter((k) => ours.includes(k)));
    expect(registry.option('removeAnilistBlanks')?.category).toBe('misc');
    expect(registry.option('activityTimestampTooltipsEnabled')).toMatchObject({
      default: false,
      category: 'misc',
      description: 'Replace activity timestamp tooltips with your date format.',
    });
    expect(registry.option('selfMessageEnabled')?.authRequired).toBe(true);
    for (const key of ours.filter((k) => !['removeAnilistBlanks', 'activityTimestampTooltipsEnabled'].includes(k)))
      expect(registry.option(key)?.category, key).toBe('activity');
  });
});
