import { lazyComponent } from '../lazy';
import type { FeatureDef } from '../types';
import styles from '../../panels/health/health.css';

const HealthPage = lazyComponent(() => import('../../panels/health/HealthPage'), 'HealthPage');

export const health: FeatureDef = {
  id: 'health',
  styles,
  title: 'Health',
  category: 'misc',
  description: 'Shows which features could not find their place on this page.',
  commands: [
    { id: 'health.show', title: 'Health', section: 'QuickStart', keywords: ['diagnostics', 'debug', 'broken', 'missing'], page: 'health' },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'health',
      title: 'Health',
      placeholder: 'Health of this page',
      component: (props) => <HealthPage {...props} remaining={props.ctx.client.realRemaining()} />,
    },
  ],
};
