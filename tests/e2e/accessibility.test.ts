import { describe } from 'vitest';
import { accessibilitySweeps, routesOfHalf } from './accessibility-support.js';

/**
 * Every admin route, built or not, passes axe-core with no serious or critical violation (issue 10): the first
 * half of the route table here, the second half and Settings in accessibility-second-half.test.ts, so the two
 * e2e workers share the sweep.
 */
describe('accessibility of the first half of the admin screens (browser mode)', () => {
  accessibilitySweeps(routesOfHalf(true), false);
});
