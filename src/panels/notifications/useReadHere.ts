import { settingsKey } from '../../data/config';
import { readStateOf, type ReadState } from '../../data/notifications/read-state';
import { aniListReadKey, markedUnreadKey, readNotificationsKey } from '../../data/notifications/storage';
import { useStored } from '../hooks';

/** What is read here (isReadHere's state), followed as it changes in any tab. */
export function useReadHere(): ReadState {
  const read = useStored(readNotificationsKey);
  const unread = useStored(markedUnreadKey);
  const line = useStored(aniListReadKey);
  const sync = useStored(settingsKey).readStateFromAniList === true;
  return readStateOf(read, unread, line, sync);
}
