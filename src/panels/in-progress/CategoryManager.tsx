import { useState } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  CATEGORY_TITLE_MAX,
  CATEGORY_TYPES,
  categoryProblem,
  IN_PROGRESS_LABELS,
  inProgressCategoriesKey,
  newCategoryId,
  putCategory,
  removeCategory,
  titleOf,
  type CategoryType,
  type InProgressCategories,
  type InProgressLists,
} from '../../data/in-progress';
import { SmallButton } from '../common/SmallButton';

/**
 * The categories manager (C19): the editor (type, name, the type's in-progress titles), the two
 * Airing switches, and each type's categories with Edit and Delete. Every change is saved at once;
 * the sections follow from the stored categories.
 */

interface Editing {
  type: CategoryType;
  id: string | null;
}

const isMac = () => /mac/i.test(navigator.platform || navigator.userAgent);

export function CategoryManager({
  ctx,
  lists,
  categories,
}: {
  ctx: Pick<CommandContext, 'store' | 'toasts'>;
  lists: InProgressLists;
  categories: InProgressCategories;
}) {
  const [editing, setEditing] = useState<Editing>({ type: 'Anime', id: null });
  const save = (next: InProgressCategories) => ctx.store.set(inProgressCategoriesKey, next);
  const flag = (name: 'autoAiringCategory' | 'includeCustomCategoryEntriesInAiring', label: string) => (
    <label className="vv-in-progress-check">
      <input type="checkbox" checked={categories[name]} onChange={() => save({ ...categories, [name]: !categories[name] })} />
      {label}
    </label>
  );
  return (
    <div className="vv-in-progress-manager">
      <CategoryEditor
        key={`${editing.type}:${editing.id ?? ''}`}
        ctx={ctx}
        lists={lists}
        categories={categories}
        editing={editing}
        setEditing={setEditing}
        save={save}
      />
      <div className="vv-in-progress-settings">
        {flag('autoAiringCategory', IN_PROGRESS_LABELS.autoAiring)}
        {flag('includeCustomCategoryEntriesInAiring', IN_PROGRESS_LABELS.includeCustom)}
      </div>
      <div className="vv-in-progress-lists">
        {CATEGORY_TYPES.map((type) => (
          <div key={type} className="vv-in-progress-list">
            <h3>{type}</h3>
            {!categories[type].length && <div className="vv-note">{IN_PROGRESS_LABELS.noCategories}</div>}
            {categories[type].map((category) => (
              <div key={category.id} className="vv-in-progress-category">
                <div>
                  <strong>{category.title}</strong>
                  <div className="vv-note">{IN_PROGRESS_LABELS.entries(category.mediaIds.length)}</div>
                </div>
                <span>
                  <SmallButton onClick={() => setEditing({ type, id: category.id })}>{IN_PROGRESS_LABELS.edit}</SmallButton>{' '}
                  <SmallButton
                    className="vv-in-progress-delete"
                    onClick={() => {
                      if (editing.id === category.id) setEditing({ type: editing.type, id: null });
                      save(removeCategory(categories, type, category.id));
                    }}
                  >
                    {IN_PROGRESS_LABELS.delete}
                  </SmallButton>
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Type, name and media of a new category, or of the one being edited ("Save Category", "Cancel"). */
function CategoryEditor({
  ctx,
  lists,
  categories,
  editing,
  setEditing,
  save,
}: {
  ctx: Pick<CommandContext, 'toasts'>;
  lists: InProgressLists;
  categories: InProgressCategories;
  editing: Editing;
  setEditing(editing: Editing): void;
  save(next: InProgressCategories): void;
}) {
  const current = editing.id === null ? null : (categories[editing.type].find((c) => c.id === editing.id) ?? null);
  const [title, setTitle] = useState(current?.title ?? '');
  const [picked, setPicked] = useState<number[]>(current?.mediaIds ?? []);
  const entries = editing.type === 'Anime' ? lists.anime : lists.manga;
  const submit = () => {
    const problem = categoryProblem(title, picked);
    if (problem) return ctx.toasts.error(problem);
    save(putCategory(categories, editing.type, { id: current?.id ?? newCategoryId(), title: title.trim(), mediaIds: picked }));
    setEditing({ type: editing.type, id: null });
  };
  return (
    <form
      className="vv-in-progress-editor"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <select
        aria-label="Type"
        value={editing.type}
        onChange={(event) => setEditing({ type: event.target.value as CategoryType, id: null })}
      >
        {CATEGORY_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <input
        type="text"
        placeholder={IN_PROGRESS_LABELS.categoryName}
        aria-label={IN_PROGRESS_LABELS.categoryName}
        maxLength={CATEGORY_TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <select
        multiple
        aria-label={`${editing.type} in progress`}
        size={Math.min(Math.max(entries.length, 4), 10)}
        value={picked.map(String)}
        onChange={(event) => setPicked([...event.target.selectedOptions].map((option) => Number(option.value)))}
      >
        {entries.map((entry) => (
          <option key={entry.media.id} value={entry.media.id}>
            {titleOf(entry)}
          </option>
        ))}
      </select>
      <div className="vv-note">{IN_PROGRESS_LABELS.multiSelect(isMac())}</div>
      <div className="vv-in-progress-editor-actions">
        <button type="submit" className="vv-button vv-button-primary">
          {current ? IN_PROGRESS_LABELS.save : IN_PROGRESS_LABELS.create}
        </button>
        {current && (
          <button type="button" className="vv-button" onClick={() => setEditing({ type: editing.type, id: null })}>
            {IN_PROGRESS_LABELS.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
