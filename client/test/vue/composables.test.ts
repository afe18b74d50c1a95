/** @vitest-environment jsdom */
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { createStudioDataClient } from '@studio-data/client';
import { createStudioData, useClass, useEvents, usePrivateLessonSlots, useUserProfile } from '@studio-data/client/vue';
import { WeeklyClasses, mountWeeklyClasses } from '../../examples/vue/weekly-classes.js';
import { recordingFetch } from '../support/recording-fetch.js';
import { DEMO_STUDIO, DEMO_WEEK_CLASSES, FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');
const mounted: { unmount(): void }[] = [];
afterEach(() => mounted.splice(0).forEach((wrapper) => wrapper.unmount()));

function demoClasses(danceType?: string) {
  return createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO, cache: false }).classes({ danceType });
}

async function until(check: () => void) {
  await vi.waitFor(check, { timeout: 5_000, interval: 20 });
}

describe('Vue: the example component lists the demo studio’s classes from the real server', () => {
  it('When the component mounts, then it says it is loading, then lists this week’s classes with their booking links', async () => {
    const wrapper = mount(WeeklyClasses, { global: { plugins: [createStudioData({ baseUrl: apiUrl, studio: DEMO_STUDIO })] } });
    mounted.push(wrapper);
    expect(wrapper.get('[role="status"]').text()).toContain('Loading');
    const expected = await demoClasses();
    expect(expected).toHaveLength(DEMO_WEEK_CLASSES.all);
    await until(() => expect(wrapper.findAll('li h3').map((heading) => heading.text())).toEqual(expected.map((studioClass) => studioClass.name)));
    expect(wrapper.findAll('li a').map((link) => link.attributes('href'))).toEqual(expected.map((studioClass) => `${apiUrl}/book/${studioClass.id}`));
  });

  it('When the danceType prop changes, then only that type’s classes are listed', async () => {
    const wrapper = mount(WeeklyClasses, { global: { plugins: [createStudioData({ baseUrl: apiUrl, studio: DEMO_STUDIO })] } });
    mounted.push(wrapper);
    await until(() => expect(wrapper.findAll('li')).toHaveLength(DEMO_WEEK_CLASSES.all));
    await wrapper.setProps({ danceType: 'Kizomba' });
    const expected = await demoClasses('Kizomba');
    expect(expected.map((studioClass) => studioClass.danceType)).toEqual(Array(DEMO_WEEK_CLASSES.Kizomba).fill('Kizomba'));
    await until(() => expect(wrapper.findAll('li h3').map((heading) => heading.text())).toEqual(expected.map((studioClass) => studioClass.name)));
  });

  it('When the studio does not exist, then the error is shown', async () => {
    const wrapper = mount(WeeklyClasses, { global: { plugins: [createStudioData({ baseUrl: apiUrl, studio: 'no-such-studio' })] } });
    mounted.push(wrapper);
    await until(() => expect(wrapper.get('[role="alert"]').attributes('data-error-code')).toBe('studio_not_found'));
    expect(wrapper.get('[role="alert"]').text()).toBe('The classes could not be loaded. Try again');
  });

  it('When the example app is mounted as a page would mount it, then it shows the classes', async () => {
    document.body.innerHTML = '<main id="classes"></main>';
    const app = mountWeeklyClasses('#classes', apiUrl);
    mounted.push(app);
    await until(() => expect(document.querySelectorAll('#classes li')).toHaveLength(DEMO_WEEK_CLASSES.all));
  });
});

describe('Vue: composables', () => {
  it('When a ref argument changes, then the composable fetches again for the new value', async () => {
    const from = ref('2026-03-23');
    const EventNames = defineComponent({
      setup() {
        const { data } = useEvents(() => ({ from: from.value }));
        return () => h('p', data.value ? data.value.map((event) => event.name).join(', ') : 'loading');
      },
    });
    const wrapper = mount(EventNames, { global: { plugins: [createStudioData({ baseUrl: apiUrl, studio: FIXTURE_STUDIO })] } });
    mounted.push(wrapper);
    await until(() => expect(wrapper.text()).toBe('Saturday Social, Styling Workshop'));
    from.value = '2026-03-30';
    await until(() => expect(wrapper.text()).toBe(''));
  });

  it('When the component unmounts while loading, then its request is aborted', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction });
    const userId = ref('cf-ana');
    const Profile = defineComponent({
      setup() {
        const { data } = useUserProfile(userId);
        return () => h('p', data.value?.name ?? '');
      },
    });
    const wrapper = mount(Profile, { global: { plugins: [createStudioData(client)] } });
    await nextTick();
    wrapper.unmount();
    await flushPromises();
    expect(exchanges.length).toBe(1);
    expect(exchanges[0]!.signal?.aborted).toBe(true);
  });
});

describe('Vue: one class by id and free lesson times', () => {
  it('When the class id ref changes, then the class follows; the free times come for the instructor', async () => {
    const classId = ref('cf-wcs-wed');
    const Shown = defineComponent({
      setup() {
        const one = useClass(classId);
        const slots = usePrivateLessonSlots('cf-bruno', { durationMins: 60 });
        return () => h('p', one.data.value && slots.data.value ? `${one.data.value.name} · ${slots.data.value.length > 0}` : 'loading');
      },
    });
    const wrapper = mount(Shown, { global: { plugins: [createStudioData({ baseUrl: apiUrl, studio: FIXTURE_STUDIO })] } });
    mounted.push(wrapper);
    await until(() => expect(wrapper.text()).toBe('WCS Improvers · true'));
    classId.value = 'cf-social';
    await until(() => expect(wrapper.text()).toBe('Saturday Social · true'));
  });
});
