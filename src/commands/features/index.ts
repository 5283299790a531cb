import type { FeatureDef } from '../types';
import { activitySearchFeature } from './activity-search';
import { anilistLinks } from './anilist-links';
import { health } from './health';
import { quickstart } from './quickstart';
import { search } from './search';
import { settings } from './settings';
import { shortcuts } from './shortcuts';
import { toasts } from './toasts';

/** Every feature, one file each. Adding a feature means adding its file and one line here. */
export const features: FeatureDef[] = [quickstart, anilistLinks, settings, search, activitySearchFeature, shortcuts, health, toasts];
