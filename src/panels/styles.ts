import activity from './activity/activity.css';
import base from './common/base.css';
import components from './common/components.css';

/**
 * The style sheets in every shadow root of ours whatever is on, in cascade order: the base (roots,
 * overlay boxes, the controls every panel uses), the generic pieces of src/panels/common, and the
 * activity entries several features show. After them come the sheets of the features that are on
 * (`styles` in a feature's declaration, src/panels/<id>/<id>.css; `Registry.styles`), each its
 * own sheet, added and dropped as the feature is switched (src/main.tsx, `setUiStyles`).
 */
export const SHARED_STYLES: readonly string[] = [base, components, activity];
