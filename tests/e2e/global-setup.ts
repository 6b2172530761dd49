import type { TestProject } from 'vitest/node';
import { holdBackendTemplate } from '../support/backend-template.js';

/**
 * One fresh, seeded embedded backend, built and stopped cleanly before the suites start (shared with the
 * integration setup when both run): each suite's browser mode copies it instead of running initdb, the
 * migrations and the seed again (about 8 of its 11 seconds).
 */
export default async function setup(project: TestProject) {
  const template = await holdBackendTemplate();
  project.provide('backendTemplate', template.dir);
  return () => template.release();
}
