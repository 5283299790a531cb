// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserSearchResult } from '../../src/data/documents';
import { UserSearch } from '../../src/panels/common/UserSearch';
import { Providers } from '../../src/panels/overlay';
import { makeTestServices } from './helpers';

/**
 * The one user search box (the verified users' add box, and under the activity search's pickers):
 * what it asks, in which order it lists, and its keys. The pickers' chips and Select All are in
 * activity-search.test.tsx.
 */

const user = (id: number, name: string): UserSearchResult => ({ id, name, avatar: { large: `https://s4.anilist.co/${id}.png` } });
const answer = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

function setup() {
  const searched: string[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables: { search?: string } };
    if (/query Following/.test(body.query)) return answer({ Page: { pageInfo: { hasNextPage: false }, following: [user(3, 'Wataru')] } });
    searched.push(body.variables.search!);
    return answer({ Page: { users: [user(2, 'Haruhi'), user(3, 'Wataru')] } });
  };
  const t = makeTestServices(undefined, { fetch });
  const container = document.createElement('div');
  document.body.append(container);
  const picked: string[] = [];
  const typed: string[] = [];
  render(
    <Providers services={t.services} container={container} name="test">
      <UserSearch
        ctx={t.services.context(null)}
        label="Add verified user"
        floating
        onPick={(u) => picked.push(u.name)}
        onText={(name) => typed.push(name)}
      />
    </Providers>,
  );
  const box = screen.getByRole('combobox', { name: 'Add verified user' }) as HTMLInputElement;
  const type = async (text: string) => {
    fireEvent.change(box, { target: { value: text } });
    return screen.findAllByRole('option', {}, { timeout: 2000 });
  };
  return { ...t, box, type, picked, typed, searched };
}

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('UserSearch', () => {
  it('asks from 3 characters, with the debug toast, and lists the people you follow first', async () => {
    const { box, type, toastsSeen, searched } = setup();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ar' } });
    await new Promise((r) => setTimeout(r, 900));
    expect(searched).toEqual([]);
    const options = await type('aru');
    expect(searched).toEqual(['aru']);
    expect(toastsSeen.map((t) => t.message)).toContain('Querying user with search word aru');
    expect(options.map((o) => o.textContent)).toEqual(['Wataru', 'Haruhi']);
    expect(screen.getByRole('listbox', { name: 'Add verified user results' })).toBeTruthy();
  });

  it('arrows highlight, Enter picks the highlighted user or else takes the typed name, Escape closes the list', async () => {
    const { box, type, picked, typed } = setup();
    fireEvent.focus(box);
    await type('aru');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const highlighted = document.getElementById(box.getAttribute('aria-activedescendant')!)!;
    expect(highlighted.textContent).toBe('Haruhi');
    expect(highlighted.dataset.active).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(picked).toEqual(['Haruhi']);
    expect(box.value).toBe('');
    expect(screen.queryByRole('option')).toBeNull();

    await type('Haru');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('option')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(typed).toEqual(['Haru']);
    expect(picked).toEqual(['Haruhi']);
    expect(box.value).toBe('');
  });

  it('Escape empties the field (a search field does) and the same text typed again shows its answer at once, without asking again', async () => {
    const { box, type, searched } = setup();
    fireEvent.focus(box);
    await type('aru');
    const asked = searched.length;
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.change(box, { target: { value: '' } });
    expect(screen.queryByRole('option')).toBeNull();
    fireEvent.change(box, { target: { value: 'aru' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Wataru', 'Haruhi']);
    expect(searched.length).toBe(asked);
  });
});
