import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import {
  autoDraftAt,
  autoPlace,
  DRAFT_CONTENT_MAX,
  DRAFTS_MAX,
  DRAFTS_TEXTS,
  draftsKey,
  draftsUnreadable,
  deleteDraft,
  overrideDraft,
  putAutoDraft,
  removeAutoDraft,
  saveNewDraft,
  type Draft,
} from '../../src/data/markdown-drafts';
import { decodeStored, Store } from '../../src/data/storage';
import { textCounts } from '../../src/data/text-counts';

const NOW = new Date('2026-11-27T08:00:00.000Z');
const draft = (name: string, content = 'text', place = ''): Draft => ({ name, content, timestamp: '2026-11-01T00:00:00.000Z', place });
const full = (auto = 0): Draft[] =>
  Array.from({ length: DRAFTS_MAX }, (_, i) =>
    i < auto
      ? { ...draft(`auto ${i}`, 'x', `/p${i} status`), timestamp: `2026-10-${String(10 + i).padStart(2, '0')}T00:00:00.000Z` }
      : draft(`d${i}`),
  );

describe('drafts (C9)', () => {
  it('saves a new draft with its time, an empty name too, and refuses an empty text or a name in use', () => {
    expect(saveNewDraft([], 'Review', 'hi', NOW)).toEqual([{ name: 'Review', content: 'hi', timestamp: NOW.toISOString(), place: '' }]);
    expect(saveNewDraft([], '', 'hi', NOW)).toEqual([expect.objectContaining({ name: '' })]);
    expect(saveNewDraft([], 'Review', '', NOW)).toBe('Cannot save an empty draft.');
    expect(saveNewDraft([draft('Review')], 'Review', 'hi', NOW)).toBe('Draft with given name already exists.');
  });

  it('overrides the content and time of one draft, and deletes one', () => {
    const list = [draft('a'), draft('b')];
    expect(overrideDraft(list, 'b', 'new', NOW)).toEqual([draft('a'), { ...draft('b', 'new'), timestamp: NOW.toISOString() }]);
    expect(overrideDraft(list, 'b', '', NOW)).toBe(DRAFTS_TEXTS.empty);
    expect(deleteDraft(list, 'a')).toEqual([draft('b')]);
  });

  it(`keeps at most ${DRAFTS_MAX} drafts of ${DRAFT_CONTENT_MAX} characters, and says so at the cap`, () => {
    expect(saveNewDraft(full(), 'one more', 'x', NOW)).toBe(`You have ${DRAFTS_MAX} drafts, the most kept: delete one to save another.`);
    expect(saveNewDraft([], 'long', 'x'.repeat(DRAFT_CONTENT_MAX + 1), NOW)).toBe('A draft holds at most 20,000 characters.');
    expect(draftsKey.schema.parse([...full(), draft('x')]).ok).toBe(false);
    expect(draftsKey.cap?.max).toBe(DRAFTS_MAX);
  });

  it("reads 2.0.3's stored array as it is, and falls back to none (saying so) for what is not drafts", async () => {
    const raw = JSON.stringify([{ name: 'a', content: 'b', timestamp: '2026-11-01T00:00:00.000Z' }]);
    expect(decodeStored(draftsKey, raw)).toMatchObject({ value: [draft('a', 'b')], migrated: true });
    for (const bad of ['not json', JSON.stringify({ name: 'a' }), JSON.stringify([{ name: 1, content: 'b', timestamp: 'x' }])]) {
      expect(decodeStored(draftsKey, bad)).toMatchObject({ value: [], problem: expect.any(String) });
      const warnings: string[] = [];
      const store = new Store(memoryBackend(new Map([[draftsKey.name, bad]])), (m) => warnings.push(m));
      await store.preload([draftsKey]);
      expect(store.get(draftsKey)).toEqual([]);
      expect(warnings.length).toBeGreaterThan(0);
      expect(await draftsUnreadable(store)).toBe(true);
    }
    expect(await draftsUnreadable(new Store(memoryBackend(new Map([[draftsKey.name, raw]]))))).toBe(false);
  });
});

describe('automatic drafts', () => {
  const place = autoPlace('/activity/5', 'reply');

  it('keeps one per editor place, replaced, and removes it for an empty text or when asked', () => {
    const once = putAutoDraft([draft('mine')], place, 'Unsent reply on /activity/5', 'first', NOW);
    const twice = putAutoDraft(once, place, 'Unsent reply on /activity/5', 'second', NOW);
    expect(twice).toEqual([draft('mine'), { name: 'Unsent reply on /activity/5', content: 'second', timestamp: NOW.toISOString(), place }]);
    expect(autoDraftAt(twice, place)?.content).toBe('second');
    expect(putAutoDraft(twice, place, 'x', '  ', NOW)).toEqual([draft('mine')]);
    expect(removeAutoDraft(twice, place)).toEqual([draft('mine')]);
  });

  it("never takes the name of the user's draft", () => {
    const [, auto] = putAutoDraft([draft('Unsent status on /home')], autoPlace('/home', 'status'), 'Unsent status on /home', 't', NOW);
    expect(auto!.name).toBe(`Unsent status on /home (${NOW.toISOString()})`);
  });

  it('counts toward the cap: the oldest automatic draft makes way, and none is kept when every draft is the user’s', () => {
    const withAuto = putAutoDraft(full(2), place, 'n', 't', NOW);
    expect(withAuto).toHaveLength(DRAFTS_MAX);
    expect(withAuto.map((d) => d.name)).not.toContain('auto 0');
    expect(autoDraftAt(withAuto, place)?.content).toBe('t');
    expect(putAutoDraft(full(), place, 'n', 't', NOW)).toEqual(full());
  });
});

describe('text counts (C8)', () => {
  it('counts characters, words, sentences and paragraphs as 2.0.3', () => {
    expect(textCounts('Hello there. How are you?\n\nFine!  ok')).toEqual({ characters: 36, words: 7, sentences: 3, paragraphs: 2 });
    expect(textCounts('')).toEqual({ characters: 0, words: 0, sentences: 0, paragraphs: 0 });
  });
});
