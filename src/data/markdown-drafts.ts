import { s } from './schema';
import { decodeStored, defineKey, refusedPast, type Store } from './storage';

/**
 * Markdown drafts (document 3, C9): texts saved by name from any editor, shared by all editors,
 * in 2.0.3's storage and shape; and the automatic draft of an editor left unsent (one per editor
 * place, replaced). Pure list operations: each returns the new list, or the catalogue's text saying
 * why not. No DOM.
 */

/** Every text of C9 as written, and ours (the cap, the automatic drafts). */
export const DRAFTS_TEXTS = {
  empty: 'Cannot save an empty draft.',
  nameTaken: 'Draft with given name already exists.',
  promptTitle: 'Name new draft',
  promptPlaceholder: 'Draft name...',
  override: (name: string) => `Are you sure you want to override draft ${name}?`,
  loseWork: 'You will lose your current work by loading a draft.',
  remove: (name: string) => `Are you sure you want to delete draft ${name}?`,
  full: (max: number) => `You have ${max} drafts, the most kept: delete one to save another.`,
  tooLong: (max: number) => `A draft holds at most ${max.toLocaleString('en')} characters.`,
  unreadable: 'Your saved drafts could not be read, so none are listed.',
  noEditor: 'Focus a markdown editor first, then open Drafts from it.',
  kept: 'Your unsent text here was kept as a draft.',
} as const;

/** The most drafts kept, automatic ones included. */
export const DRAFTS_MAX = 100;
/** The longest draft: AniList's longest editor accepts 10,000 characters; reviews and imports may hold more. */
export const DRAFT_CONTENT_MAX = 20_000;
const NAME_MAX = 200;

export interface Draft {
  readonly name: string;
  readonly content: string;
  /** When it was saved, an ISO date string. */
  readonly timestamp: string;
  /** An automatic draft's editor place (`autoPlace`); '' for a draft the user named. 2.0.3 has no such field. */
  readonly place: string;
}

const draftSchema = s.object(
  {
    name: s.string({ max: NAME_MAX }),
    content: s.string({ max: DRAFT_CONTENT_MAX }),
    timestamp: s.string({ max: 40 }),
    place: s.string({ max: 300 }),
  },
  { defaults: { place: '' } },
);

/** 2.0.3's key and shape (`[{name, content, timestamp}]`), exported under its short name `drafts`. */
export const draftsKey = defineKey<Draft[]>({
  name: 'void-verified-markdown-drafts',
  original: 'drafts',
  cap: refusedPast(DRAFTS_MAX, `drafts of at most ${DRAFT_CONTENT_MAX} characters`),
  description: 'Markdown drafts, shared by all editors.',
  schema: s.array(draftSchema, { max: DRAFTS_MAX }),
  defaultValue: () => [],
});

/** Whether the stored drafts cannot be read (the store then lists none). A read the manager refuses counts as unreadable. */
export async function draftsUnreadable(store: Store): Promise<boolean> {
  try {
    return decodeStored(draftsKey, await store.backend.read(draftsKey.name)).problem !== undefined;
  } catch {
    return true;
  }
}

/** Why `content` cannot be saved, or null. */
function contentProblem(content: string): string | null {
  if (!content) return DRAFTS_TEXTS.empty;
  if (content.length > DRAFT_CONTENT_MAX) return DRAFTS_TEXTS.tooLong(DRAFT_CONTENT_MAX);
  return null;
}

/** Saves a new draft (an empty name is accepted, as in 2.0.3): the new list, or why not. */
export function saveNewDraft(list: readonly Draft[], name: string, content: string, now: Date): Draft[] | string {
  const problem = contentProblem(content);
  if (problem) return problem;
  const named = name.slice(0, NAME_MAX);
  if (list.some((d) => d.name === named)) return DRAFTS_TEXTS.nameTaken;
  if (list.length >= DRAFTS_MAX) return DRAFTS_TEXTS.full(DRAFTS_MAX);
  return [...list, { name: named, content, timestamp: now.toISOString(), place: '' }];
}

/** Overwrites the content and time of the draft named `name`: the new list, or why not. */
export function overrideDraft(list: readonly Draft[], name: string, content: string, now: Date): Draft[] | string {
  const problem = contentProblem(content);
  if (problem) return problem;
  return list.map((d) => (d.name === name ? { ...d, content, timestamp: now.toISOString() } : d));
}

export const deleteDraft = (list: readonly Draft[], name: string): Draft[] => list.filter((d) => d.name !== name);

/**
 * Where an editor is, for its automatic draft: the page's path and the editor's kind ('status',
 * 'message', 'reply'; a reply box in a feed names its activity). The same place on a later visit
 * is "that editor".
 */
export const autoPlace = (path: string, kind: string): string => `${path} ${kind}`;

/** An automatic draft's name, said as what it is. */
export function autoDraftName(path: string, kind: string): string {
  const what = kind.startsWith('reply') ? 'reply' : kind;
  return `Unsent ${what} on ${path}`;
}

export const autoDraftAt = (list: readonly Draft[], place: string): Draft | undefined => list.find((d) => d.place === place);

/**
 * Keeps `content` as the automatic draft of `place`, replacing that place's previous one. At the
 * cap the oldest automatic draft of another place makes way; when every draft is the user's, the
 * text is not kept (the list is returned unchanged). Empty content removes the place's draft.
 */
export function putAutoDraft(list: readonly Draft[], place: string, name: string, content: string, now: Date): Draft[] {
  const rest = list.filter((d) => d.place !== place);
  if (!content.trim() || content.length > DRAFT_CONTENT_MAX) return rest;
  // A user's draft keeps its name: an automatic one never takes it.
  const unique = rest.some((d) => d.name === name) ? `${name} (${now.toISOString()})` : name;
  let kept = rest;
  if (kept.length >= DRAFTS_MAX) {
    const oldest = kept
      .filter((d) => d.place)
      .reduce<Draft | undefined>((a, d) => (a === undefined || d.timestamp < a.timestamp ? d : a), undefined);
    if (!oldest) return [...list];
    kept = kept.filter((d) => d !== oldest);
  }
  return [...kept, { name: unique.slice(0, NAME_MAX), content, timestamp: now.toISOString(), place }];
}

export const removeAutoDraft = (list: readonly Draft[], place: string): Draft[] => list.filter((d) => d.place !== place);

/** A draft's first line, for lists. */
export const firstLine = (content: string): string => content.split('\n').find((line) => line.trim()) ?? '';
