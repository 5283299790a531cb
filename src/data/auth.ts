import { defineKey, type Store } from './storage';
import { s } from './schema';

/**
 * Who is signed in, and whether the product holds an API token. The host keeps a snapshot of the
 * signed-in viewer in its own `localStorage.auth`; our token is ours, stored through the adapter.
 */

export const authKey = defineKey({
  name: 'void-verified-auth',
  description: 'The AniList API token and when it expires.',
  schema: s.object({ token: s.nullable(s.string()), expires: s.nullable(s.number()) }),
  defaultValue: () => ({ token: null as string | null, expires: null as number | null }),
  // The token is a credential: it is not put into exported configuration files.
  exported: false,
});

export interface HostViewer {
  id: number;
  name: string;
  avatar: string | null;
  donatorTier: number;
  profileColor: string | null;
  disabledListActivity: { type: string; disabled: boolean }[];
}

const hostAuthSchema = s.object(
  {
    id: s.number(),
    name: s.string({ min: 1 }),
  },
  { keepUnknown: true },
);

/** Parses the host's `localStorage.auth` snapshot; null when absent or unreadable. */
export function parseHostAuth(raw: string | null): HostViewer | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const r = hostAuthSchema.parse(value);
  if (!r.ok) return null;
  const v = r.value as Record<string, unknown> & { id: number; name: string };
  const avatar = (v.avatar as { large?: unknown } | undefined)?.large;
  const options = (v.options ?? {}) as { profileColor?: unknown; disabledListActivity?: unknown };
  return {
    id: v.id,
    name: v.name,
    avatar: typeof avatar === 'string' ? avatar : null,
    donatorTier: typeof v.donatorTier === 'number' ? v.donatorTier : 0,
    profileColor: typeof options.profileColor === 'string' ? options.profileColor : null,
    disabledListActivity: Array.isArray(options.disabledListActivity)
      ? options.disabledListActivity.filter(
          (e): e is { type: string; disabled: boolean } =>
            typeof e === 'object' && e !== null && typeof e.type === 'string' && typeof e.disabled === 'boolean',
        )
      : [],
  };
}

/** The stored token when it exists and has not expired. */
export function validToken(store: Store, now = Date.now()): string | null {
  const { token, expires } = store.get(authKey);
  if (!token) return null;
  if (expires !== null && expires <= now) return null;
  return token;
}
