/**
 * Studio documents owned by the tests. Dates sit on the DST weeks of 2026 so the window rules are
 * exercised where they are hardest: Europe/Madrid springs forward on 2026-03-29 and falls back on
 * 2026-10-25; America/New_York on 2026-03-08 and 2026-11-01.
 */

/** What the public API answers for madridStudio()'s Ana (`/api/public/user/mad-ana/profile`): her bio as the stored locale-map text. */
export const MADRID_ANA_PROFILE = {
  id: 'mad-ana',
  name: 'Ana',
  lastname: 'García',
  image: 'https://images.example.com/ana.png',
  bio: JSON.stringify({ es: 'Bailarina', en: 'Dancer' }),
  occupation: 'Dancer',
  yearsOfExperience: 12,
  danceSpecialities: ['Salsa', 'Bachata'],
};

/** Luis's private lesson prices: 90 minutes at 70 €, 60 minutes at 50 € and at 45 €, and an inactive 30 minutes at 20 €, under the caller's ids. */
export function luisLessonPrices(ids: { ninety: string; sixty: string; sixtyCheap: string; inactive: string }) {
  return [
    { id: ids.ninety, durationMins: 90, price: 70, currency: 'EUR' },
    { id: ids.sixty, durationMins: 60, price: 50, currency: 'EUR' },
    { id: ids.sixtyCheap, durationMins: 60, price: 45, currency: 'EUR' },
    { id: ids.inactive, durationMins: 30, price: 20, currency: 'EUR', active: false },
  ];
}

export function madridStudio(id = 'fixture-madrid', personPrefix = 'mad') {
  const ana = `${personPrefix}-ana`;
  const luis = `${personPrefix}-luis`;
  return {
    studio: {
      id,
      name: 'Salsa Fixture Madrid',
      country: 'ES',
      address: 'Calle Mayor 1, Madrid',
      unit: '2º',
      businessHours: 'Mon-Fri 17:00-23:00',
      description: { es: 'Escuela de baile', en: 'Dance school' },
      logo: 'https://images.example.com/logo.png',
      phone: '+34 600 000 000',
      defaultCurrency: 'EUR',
      website: 'https://salsa.example.com',
      yearEstablished: 2012,
      timezone: 'Europe/Madrid',
      whatsappEnabled: true,
      whatsappPhone: '+34 600 000 001',
      locales: ['es', 'en'],
    },
    danceTypes: [
      { name: 'Salsa', description: { es: 'Salsa cubana', en: 'Cuban salsa' }, image: 'https://images.example.com/salsa.png', isVisibleOnWeb: true },
      { name: 'West Coast Swing', description: { en: 'Swing' } },
      { name: 'Bachata' },
      { name: 'Teacher Training', isVisibleOnWeb: false },
    ],
    people: [
      {
        id: ana,
        name: 'Ana',
        lastname: 'García',
        image: 'https://images.example.com/ana.png',
        bio: { es: 'Bailarina', en: 'Dancer' },
        occupation: 'Dancer',
        yearsOfExperience: 12,
        danceSpecialities: ['Salsa', 'Bachata'],
        roles: ['INSTRUCTOR'],
      },
      { id: `${personPrefix}-marta`, name: 'Marta', roles: ['RECEPTIONIST'] },
      { id: luis, name: 'Luis', roles: ['INSTRUCTOR', 'OWNER'] },
      { id: `${personPrefix}-hidden`, name: 'Hidden', lastname: 'Person', occupation: 'Stage manager', yearsOfExperience: 3, danceSpecialities: ['Salsa'], publicProfile: false, roles: ['INSTRUCTOR'] },
    ],
    classes: [
      {
        id: 'salsa-mon',
        name: 'Salsa Beginners',
        danceType: 'Salsa',
        level: 'Beginner',
        room: 'Room A',
        weekly: { dayOfWeek: 'monday', startTime: '19:00', endTime: '20:00', from: '2026-03-02', until: '2026-11-30', except: ['2026-04-06'] },
        price: 12.5,
        capacity: 20,
        allowPackages: true,
        description: { es: 'Para empezar', en: 'To get started' },
        instructorId: ana,
      },
      {
        // 02:30 does not exist on 2026-03-29 and happens twice on 2026-10-25.
        id: 'late-sun',
        name: 'Late Practice',
        danceType: 'Bachata',
        level: 'All levels',
        weekly: { dayOfWeek: 'sunday', startTime: '02:30', endTime: '03:30', from: '2026-03-22', until: '2026-11-01' },
        instructorId: luis,
      },
      { id: 'wcs-sat', name: 'WCS Intensive', danceType: 'West Coast Swing', level: 'Intermediate', date: '2026-03-28', startTime: '10:00', endTime: '11:00', price: 30, capacity: 2, instructorId: luis },
      { id: 'wcs-sat-b', name: 'WCS Intensive', danceType: 'West Coast Swing', level: 'Advanced', date: '2026-03-28', startTime: '10:00', endTime: '11:00' },
      { id: 'salsa-cancelled', name: 'Salsa Cancelled', danceType: 'Salsa', level: 'Beginner', date: '2026-03-24', startTime: '20:00', endTime: '21:00', cancelled: true },
      { id: 'training', name: 'Teacher Training', danceType: 'Teacher Training', level: 'Advanced', date: '2026-03-25', startTime: '10:00', endTime: '12:00', instructorId: ana },
      { id: 'social', name: 'Saturday Social', danceType: null, level: 'All levels', room: 'Main hall', date: '2026-03-28', startTime: '22:00', endTime: '02:00', price: 8, capacity: 100, allowPackages: false, instructorId: luis, description: { en: 'Social dancing' } },
      { id: 'workshop', name: 'Styling Workshop', danceType: null, level: 'All levels', date: '2026-03-29', startTime: '12:00', endTime: '14:00' },
      { id: 'showcase-off', name: 'Cancelled Showcase', danceType: null, level: 'All levels', date: '2026-03-27', startTime: '20:00', endTime: '22:00', cancelled: true },
      { id: 'next-week-event', name: 'Next Week Social', danceType: null, level: 'All levels', date: '2026-04-05', startTime: '22:00', endTime: '01:30' },
    ],
    packages: [
      { id: 'ten', name: '10 classes', description: { en: 'Ten classes' }, price: 100, currency: 'EUR', classCount: 10, validityDays: 90, danceTypes: [] },
      { id: 'hidden-pack', name: 'Staff pass', price: 0, currency: 'EUR', isVisibleOnWeb: false },
      { id: 'unlimited', name: 'Unlimited Salsa', price: 79.9, currency: 'EUR', danceTypes: ['Salsa'] },
    ],
    privateLessons: {
      instructors: [
        {
          personId: luis,
          availability: [
            { id: 'av-luis-wed', dayOfWeek: 3, startTime: '16:00', endTime: '18:00' },
            { id: 'av-luis-mon-b', dayOfWeek: 1, startTime: '12:00', endTime: '14:00' },
            { id: 'av-luis-mon-a', dayOfWeek: 1, startTime: '09:00', endTime: '11:00' },
            { id: 'av-luis-off', dayOfWeek: 2, startTime: '09:00', endTime: '11:00', active: false },
          ],
          pricing: luisLessonPrices({ ninety: 'pr-luis-90', sixty: 'pr-luis-60', sixtyCheap: 'pr-luis-60-cheap', inactive: 'pr-luis-off' }),
        },
        { personId: ana, availability: [{ id: 'av-ana', dayOfWeek: 5, startTime: '10:00', endTime: '12:00' }], pricing: [] },
        { personId: `${personPrefix}-hidden`, availability: [{ id: 'av-hidden', dayOfWeek: 5, startTime: '10:00', endTime: '12:00' }], pricing: [{ id: 'pr-hidden', durationMins: 60, price: 40, currency: 'EUR', active: false }] },
      ],
      questions: [
        { id: 'q-level', label: { en: 'Your level', es: 'Tu nivel' }, type: 'DROPDOWN', required: true, options: [{ value: 'beginner', label: { en: 'Beginner', es: 'Principiante' } }, { value: 'advanced', label: { en: 'Advanced' } }] },
        { id: 'q-off', label: { en: 'Old question' }, type: 'FREEFORM', required: false, options: null, active: false },
        { id: 'q-goal', label: { en: 'Your goal' }, type: 'FREEFORM', required: false, options: null },
      ],
    },
  };
}

export function newYorkStudio(id = 'fixture-nyc', personPrefix = 'nyc') {
  return {
    studio: { id, name: 'NYC Fixture', country: 'US', defaultCurrency: 'USD', timezone: 'America/New_York' },
    danceTypes: [{ name: 'Salsa' }],
    people: [{ id: `${personPrefix}-joe`, name: 'Joe', roles: ['INSTRUCTOR'] }],
    classes: [
      // 01:30 happens twice on 2026-11-01 (the first, EDT, is meant); 02:30 does not exist on 2026-03-08.
      { id: 'night', name: 'Night Salsa', danceType: 'Salsa', level: 'Advanced', weekly: { dayOfWeek: 'sunday', startTime: '01:30', endTime: '02:15', from: '2026-10-18', until: '2026-11-08' } },
      { id: 'gap', name: 'Gap Salsa', danceType: 'Salsa', level: 'Advanced', date: '2026-03-08', startTime: '02:30', endTime: '03:30' },
      { id: 'nyc-mon', name: 'Monday Salsa', danceType: 'Salsa', level: 'Beginner', weekly: { dayOfWeek: 'monday', startTime: '00:00', endTime: '01:00', from: '2026-03-02', until: '2026-03-16' } },
    ],
  };
}

/**
 * Classes and events written across Madrid's clock changes of 2026: forward on Sunday 2026-03-29
 * (02:00 becomes 03:00) and back on Sunday 2026-10-25 (03:00 becomes 02:00).
 */
export function nightOwlsStudio(id = 'fixture-night-owls') {
  return {
    studio: { id, name: 'Night Owls Madrid', country: 'ES', defaultCurrency: 'EUR', timezone: 'Europe/Madrid' },
    danceTypes: [{ name: 'Tango' }],
    classes: [
      // Written in the hour the clocks skip: it moves to 03:30 and keeps its hour.
      { id: 'owl-gap-class', name: 'Gap Milonga Class', danceType: 'Tango', level: 'All levels', date: '2026-03-29', startTime: '02:30', endTime: '03:30' },
      // Starts in the skipped hour and ends after it: moves to 03:15 and keeps its 45 minutes.
      { id: 'owl-gap-late', name: 'Gap Technique', danceType: 'Tango', level: 'Advanced', date: '2026-03-29', startTime: '02:15', endTime: '03:00' },
      // Past midnight into the skipped hour: ends when the clocks read 03:30, three real hours after 23:30.
      { id: 'owl-gap-night', name: 'Spring Night', danceType: null, level: 'All levels', date: '2026-03-28', startTime: '23:30', endTime: '02:30' },
      // Past midnight across the skipped hour: ends at 04:00 on the clock, five real hours after 23:00.
      { id: 'owl-gap-long', name: 'Spring Marathon', danceType: null, level: 'All levels', date: '2026-03-28', startTime: '23:00', endTime: '04:00' },
      // Past midnight into the repeated hour: ends at the first 02:30 (summer time), three real hours after 23:30.
      { id: 'owl-back-night', name: 'Autumn Night', danceType: null, level: 'All levels', date: '2026-10-24', startTime: '23:30', endTime: '02:30' },
    ],
  };
}
