import { formatDateTime, timeConfigKey, type TimeConfig } from '../../data/dates';
import { type Draft } from '../../data/markdown-drafts';
import { TEXT_COUNT_LABELS, textCounts } from '../../data/text-counts';

import { useStored } from '../hooks';

/** When a draft was saved, in the user's date format (a time that is no date as it was stored). */
export function savedAt(draft: Draft, config: TimeConfig): string {
  const date = new Date(draft.timestamp);
  return Number.isNaN(date.getTime()) ? draft.timestamp : formatDateTime(date, config);
}

/** A draft's name, its saved time in the user's date format, and the counts grid (C8's). */
export function DraftInfo({ draft }: { draft: Draft }) {
  const timeConfig = useStored(timeConfigKey);
  const counts = textCounts(draft.content);
  return (
    <div className="vv-draft-info">
      <div className="vv-draft-info-name">{draft.name}</div>
      <div>{savedAt(draft, timeConfig)}</div>
      <dl className="vv-text-counts">
        {TEXT_COUNT_LABELS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
