import { GOAL_RULES, goalSentence, localDate, milestones, type ProfileGoal } from '../../data/goals';
import { formatDate, timeConfigKey } from '../../data/dates';
import { useStored } from '../hooks';

const perDay = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/**
 * The goals block on a profile overview: per goal its sentence, a progress bar with milestones at
 * 0, half and the target, and the schedule.
 */
export function GoalsOverview({ goals }: { goals: readonly ProfileGoal[] }) {
  return (
    <section className="vv-goals-overview" aria-label="Goals">
      <h2 className="vv-goals-heading">Goals</h2>
      {goals.map((g) => (
        <GoalCard key={g.goal.id} {...g} />
      ))}
    </section>
  );
}

function GoalCard({ goal, progress, schedule }: ProfileGoal) {
  const { dateFormat } = useStored(timeConfigKey);
  const end = localDate(goal.endAt);
  const unit = GOAL_RULES[goal.type].unit;
  const percent = Math.min(100, (progress / goal.target) * 100);
  return (
    <div className="vv-goal" data-goal={goal.name}>
      <div className="vv-goal-title">{goal.name}</div>
      <div className="vv-goal-text">
        {goalSentence(goal)} by {end ? formatDate(end, dateFormat) : goal.endAt}.{' '}
        <span className={schedule.behind ? 'vv-goal-behind' : 'vv-goal-on-track'} data-schedule="">
          {schedule.behind ? `Behind by ${schedule.behind} ${unit}.` : 'On track.'}
        </span>
      </div>
      <div
        className="vv-goal-bar"
        role="progressbar"
        aria-label={`${goal.name} progress`}
        aria-valuemin={0}
        aria-valuemax={goal.target}
        aria-valuenow={progress}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="vv-goal-milestones" aria-hidden="true">
        {milestones(goal.target).map((m, i) => (
          <span key={i}>{m}</span>
        ))}
      </div>
      <div className="vv-goal-text">
        <span className="vv-goal-progress">
          {progress} / {goal.target}
        </span>{' '}
        · {perDay(schedule.dailyTarget)} a day · {schedule.elapsedDays} of {schedule.totalDays} days elapsed
      </div>
    </div>
  );
}
