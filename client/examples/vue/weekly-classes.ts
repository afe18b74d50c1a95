import { createApp, defineComponent, h, type PropType } from 'vue';
import { classLocalDate, StudioDataError } from '@studio-data/client';
import { createStudioData, useClasses, useStudioDataClient } from '@studio-data/client/vue';

/** This week's classes of the studio, each with its booking link; follows its `danceType` prop. */
export const WeeklyClasses = defineComponent({
  name: 'WeeklyClasses',
  props: {
    danceType: { type: String as PropType<string | undefined>, default: undefined },
    locale: { type: String, default: 'en' },
  },
  setup(props) {
    const client = useStudioDataClient();
    const { data: classes, error, loading, reload } = useClasses(() => ({ danceType: props.danceType }));

    return () => {
      if (error.value) {
        // Words and a way to try again for the visitor; the code for the developer (error.message, with the API's URL, belongs in the logs).
        return h('p', { role: 'alert', 'data-error-code': error.value instanceof StudioDataError ? error.value.code : undefined }, ['The classes could not be loaded. ', h('button', { onClick: reload }, 'Try again')]);
      }
      if (loading.value || !classes.value) return h('p', { role: 'status' }, 'Loading the classes…');
      if (classes.value.length === 0) return h('p', 'No classes this week.');
      const day = new Intl.DateTimeFormat(props.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
      return h(
        'ul',
        { 'aria-label': 'Classes this week' },
        classes.value.map((studioClass) =>
          h('li', { key: studioClass.id }, [
            h('h3', studioClass.name),
            h('p', `${day.format(classLocalDate(studioClass))}, ${studioClass.startTime}–${studioClass.endTime} · ${studioClass.danceType} · ${studioClass.level}`),
            h('p', client.text(studioClass.description, props.locale)),
            h('a', { href: client.bookingUrl(studioClass.id) }, `Book ${studioClass.name}`),
          ]),
        ),
      );
    };
  },
});

/** Mounts the list for the demo studio on `selector`. */
export function mountWeeklyClasses(selector: string | Element, baseUrl = 'http://localhost:3000') {
  const app = createApp(WeeklyClasses);
  app.use(createStudioData({ baseUrl, studio: 'salsa-city', defaultLocale: 'es' }));
  app.mount(selector);
  return app;
}
