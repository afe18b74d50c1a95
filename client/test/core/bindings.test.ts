import { describe, expect, it } from 'vitest';
import type { StudioResources } from '../../src/core/resources.js';
import type { StudioDataService } from '@studio-data/client/angular';
import * as react from '@studio-data/client/react';
import * as vue from '@studio-data/client/vue';

/**
 * Each endpoint of the client (a key of StudioResources), by its name in each framework binding. A
 * new endpoint fails the client's type check here until it has a row, and the row fails it until
 * each binding has what it names: a hook (src/react), a composable (src/vue) and a member of the
 * Angular service (src/angular). The custom elements show whole views, not one endpoint each.
 */
const BINDINGS: { [Resource in keyof StudioResources]: { react: keyof typeof react; vue: keyof typeof vue; angular: keyof StudioDataService } } = {
  profile: { react: 'useStudioProfile', vue: 'useStudioProfile', angular: 'profile' },
  instructors: { react: 'useInstructors', vue: 'useInstructors', angular: 'instructors' },
  userProfile: { react: 'useUserProfile', vue: 'useUserProfile', angular: 'userProfile' },
  classes: { react: 'useClasses', vue: 'useClasses', angular: 'classes' },
  events: { react: 'useEvents', vue: 'useEvents', angular: 'events' },
  classById: { react: 'useClass', vue: 'useClass', angular: 'classById' },
  packages: { react: 'usePackages', vue: 'usePackages', angular: 'packages' },
  privateLessonInstructors: { react: 'usePrivateLessonInstructors', vue: 'usePrivateLessonInstructors', angular: 'privateLessonInstructors' },
  privateLessonQuestions: { react: 'usePrivateLessonQuestions', vue: 'usePrivateLessonQuestions', angular: 'privateLessonQuestions' },
  privateLessonSlots: { react: 'usePrivateLessonSlots', vue: 'usePrivateLessonSlots', angular: 'privateLessonSlots' },
};

describe('The framework bindings', () => {
  it.each(Object.entries(BINDINGS))('React and Vue each export a function for the %s endpoint', (_resource, names) => {
    expect(typeof react[names.react]).toBe('function');
    expect(typeof vue[names.vue]).toBe('function');
  });
});
