import { useId, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  createGoal,
  DEFAULT_GOAL_FORM,
  GOAL_NAME_MAX,
  GOAL_TYPES,
  GOALS_SHOWN,
  goalLabel,
  goalsKey,
  localDate,
  validateGoal,
  type Goal,
  type GoalForm,
  type GoalType,
} from '../../data/goals';
import { formatDate, timeConfigKey } from '../../data/dates';
import { useIdentity } from '../common/useIdentity';
import { useStored } from '../hooks';
import { fetchFromBio, saveToBio } from './actions';
import { SmallButton } from '../common/SmallButton';
import { Section } from '../common/Section';

/**
 * The goals panel (settings tab 'goals' and the palette page 'Goals'): the add form, the table of
 * local goals with remove buttons, and Save (into the bio of the account VoidVerified is authorized
 * for, named) / Fetch current (from it).
 */
export function Goals({ ctx }: { ctx: CommandContext }) {
  const goals = useStored(goalsKey);
  return (
    <Section className="vv-goals" title="Goals">
      <p className="vv-note">
        Your goals show on your profile overview, soonest end first; only the first {GOALS_SHOWN} are shown, each until seven days after its
        end. Save writes them into your bio; Fetch current replaces this list with the goals in your bio.
      </p>
      <AddGoal ctx={ctx} />
      {goals.length ? <GoalsTable ctx={ctx} goals={goals} /> : <p className="vv-note">No goals yet.</p>}
      <BioActions ctx={ctx} />
      <p className="vv-note">
        AniList keeps no history of when you watched or read what, so progress is an estimate from the start and completion dates of your
        list entries.
      </p>
    </Section>
  );
}

/** The add form: a goal is added when it is valid, else each problem is a critical toast. */
function AddGoal({ ctx }: { ctx: CommandContext }) {
  const [form, setForm] = useState<GoalForm>(DEFAULT_GOAL_FORM);
  // The target as typed (an empty field is not NaN); createGoal makes it a whole number ≥ 1.
  const [target, setTarget] = useState(String(DEFAULT_GOAL_FORM.target));
  const id = useId();
  const set = (change: Partial<GoalForm>) => setForm((f) => ({ ...f, ...change }));

  function add() {
    const problems = validateGoal(form);
    problems.forEach((p) => ctx.toasts.critical(p));
    if (problems.length) return;
    ctx.store.update(goalsKey, (list) => [...list, createGoal({ ...form, target: Number(target) })]);
    setForm(DEFAULT_GOAL_FORM);
    setTarget(String(DEFAULT_GOAL_FORM.target));
  }

  return (
    <div className="vv-goal-form" role="group" aria-label="Add a goal">
      <label htmlFor={`${id}-type`}>
        Type
        <select id={`${id}-type`} value={form.type} onChange={(e) => set({ type: e.target.value as GoalType })}>
          {GOAL_TYPES.map((t) => (
            <option key={t} value={t}>
              {goalLabel(t)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-name`}>
        Name
        <input id={`${id}-name`} type="text" maxLength={GOAL_NAME_MAX} value={form.name} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label htmlFor={`${id}-target`}>
        Target
        <input id={`${id}-target`} type="number" min={1} step={1} value={target} onChange={(e) => setTarget(e.target.value)} />
      </label>
      <label htmlFor={`${id}-start`}>
        Start
        <input id={`${id}-start`} type="date" value={form.startAt} onChange={(e) => set({ startAt: e.target.value })} />
      </label>
      <label htmlFor={`${id}-end`}>
        End
        <input id={`${id}-end`} type="date" value={form.endAt} onChange={(e) => set({ endAt: e.target.value })} />
      </label>
      <button type="button" className="vv-button" onClick={add}>
        Add goal
      </button>
    </div>
  );
}

/** The local goals, each with its remove button; dates in the chosen date format. */
function GoalsTable({ ctx, goals }: { ctx: CommandContext; goals: readonly Goal[] }) {
  const { dateFormat } = useStored(timeConfigKey);
  const shownDate = (text: string) => {
    const date = localDate(text);
    return date ? formatDate(date, dateFormat) : text;
  };
  return (
    <table className="vv-table vv-goals-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Type</th>
          <th>Start</th>
          <th>End</th>
          <th>Target</th>
          <th>
            <span className="vv-sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {goals.map((goal) => (
          <tr key={goal.id} data-goal={goal.name}>
            <td>{goal.name}</td>
            <td>{goalLabel(goal.type)}</td>
            <td>{shownDate(goal.startAt)}</td>
            <td>{shownDate(goal.endAt)}</td>
            <td>{goal.target}</td>
            <td>
              <SmallButton
                aria-label={`Remove goal ${goal.name}`}
                onClick={() => ctx.store.update(goalsKey, (list) => list.filter((g) => g.id !== goal.id))}
              >
                Remove
              </SmallButton>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Save and Fetch current (one at a time), and whose bio they use. */
function BioActions({ ctx }: { ctx: CommandContext }) {
  const [busy, setBusy] = useState(false);
  const { owner, site, mismatch } = useIdentity(ctx);

  async function withBusy(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="vv-actions">
        <button type="button" className="vv-button vv-button-primary" disabled={busy} onClick={() => void withBusy(() => saveToBio(ctx))}>
          Save
        </button>
        <button type="button" className="vv-button" disabled={busy} onClick={() => void withBusy(() => fetchFromBio(ctx))}>
          Fetch current
        </button>
      </div>
      {owner && (
        <p className="vv-note vv-goals-owner">
          Save and Fetch current use the bio of {owner.name}, the account VoidVerified is authorized for
          {mismatch && site ? ` (${site.name} is signed in to AniList here)` : ''}.
        </p>
      )}
      {!ctx.auth.token() && <p className="vv-note">Saving and fetching use your bio: authorize VoidVerified first.</p>}
    </>
  );
}
