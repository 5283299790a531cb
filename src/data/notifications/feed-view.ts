import { createStore } from '../store';
import type { FeedFilter } from './rules';

/**
 * What the /notifications feed shows: its type filter and its text filter, set by its sidebar and
 * by the palette's commands while it is shown; back to the defaults when the feed goes.
 */
export const feedFilter = createStore<FeedFilter>('custom');
export const feedText = createStore('');
