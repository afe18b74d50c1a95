import { StudioDocumentError } from '../../server/src/domain/studio-document/problems';
import { Browser, attributesOf, elementById, errorTiedTo, startTags, textOf, type PageResponse } from '../support/booking-form';
import { ana, casaDelSon, privateLessonOffer, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The required consent box of the booking forms (class, event and private lesson), over real HTTP:
 * what the student agrees to, what the studio receives and why, and the studio's terms and privacy
 * notice (`studio.policies.termsUrl` / `privacyUrl`) linked next to it when the studio gave them.
 * The server's clock is fixed at Monday 2027-03-01, 10:00 in Madrid.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
const SCRIPT = '<script>alert(1)</script>';
const TERMS = 'https://casadelson.example.com/terms';
const PRIVACY = 'https://casadelson.example.com/privacy';
const HOSTILE_NAME = `Evil <b>Studio</b> {terms} ${SCRIPT}`;
const HOSTILE_TERMS = `https://evil.example.com/terms?a="><svg/onload=alert(1)>${SCRIPT}`;

const EN = { 'Accept-Language': 'en' };
const ES = { 'Accept-Language': 'es' };

/** A studio with one class on Monday 2027-03-08, and a private lesson teacher (`<id>-teacher`) on Mondays, with or without questions. */
function consentStudio(id: string, name: string, policies: Record<string, string> | undefined, options: { questions?: boolean } = {}) {
  const teacher = `${id}-teacher`;
  return casaDelSon({
    id,
    studio: { name, locales: ['en', 'es'], policies },
    people: [ana(teacher)],
    classes: [salsaClass(`${id}-class`, { price: 12 })],
    privateLessons: {
      instructors: [privateLessonOffer(teacher, { availability: `${id}-monday`, pricing: `${id}-60` }, { dayOfWeek: 1, startTime: '09:00', endTime: '13:00' })],
      questions: options.questions ? [{ id: 'q-level', label: { en: 'Your level', es: 'Tu nivel' }, type: 'FREEFORM', required: false, options: null }] : [],
    },
  });
}

const DOCUMENTS = [
  consentStudio('ct-both', 'Casa del Son', { termsUrl: TERMS, privacyUrl: PRIVACY }, { questions: true }),
  consentStudio('ct-terms', 'Son del Barrio', { termsUrl: TERMS }),
  consentStudio('ct-privacy', 'Salón Caribe', { privacyUrl: PRIVACY }),
  consentStudio('ct-none', 'Casa Nueva', undefined, { questions: true }),
  consentStudio('ct-none-quiet', 'Casa Callada', undefined),
  consentStudio('ct-evil', HOSTILE_NAME, { termsUrl: HOSTILE_TERMS, privacyUrl: PRIVACY }),
  consentStudio('ct-stored', 'Casa Guardada', { termsUrl: TERMS, privacyUrl: PRIVACY }),
];

interface Consent {
  /** the text of `<label for="terms">` */
  label: string;
  /** the text of what `aria-describedby` of the box names, in order */
  described: string;
  /** the links next to the box: [text, href, rel, target] */
  links: [string, string, string, string][];
  /** whether any link is inside the label */
  linkInLabel: boolean;
}

function consentOf(page: PageResponse): Consent {
  expect(page.status).toBe(200);
  const label = /<label for="terms">([\s\S]*?)<\/label>/.exec(page.html)?.[1] ?? '';
  const box = attributesOf(elementById(page.html, 'terms') ?? '');
  const describedIds = (box['aria-describedby'] ?? '').split(/\s+/).filter(Boolean);
  const about = elementById(page.html, 'terms-about') ?? '';
  const links = [...about.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/g)].map((match) => {
    const attributes = attributesOf(startTags(match[0], 'a')[0] ?? '');
    return [textOf(match[0]), attributes.href ?? '', attributes.rel ?? '', attributes.target ?? ''] as [string, string, string, string];
  });
  return {
    label: textOf(label),
    described: describedIds.map((id) => textOf(elementById(page.html, id) ?? '')).join(' | '),
    links,
    linkInLabel: /<a\b/.test(label),
  };
}

const link = (text: string, href: string): [string, string, string, string] => [text, href, 'noopener noreferrer', '_blank'];

describe.each(databaseTargets())('the consent box of the booking forms on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: DOCUMENTS, now: () => NOW, env: { BOOKING_RATE_LIMIT: '0' } });
  });
  afterAll(() => app?.stop());

  const open = (path: string, headers: Record<string, string> = EN) => new Browser(app.url, headers).get(path);
  const classPage = (studio: string, headers: Record<string, string> = EN) => open(`/book/${studio}-class`, headers);
  const lessonPage = (studio: string, locale = 'en') => open(`/${locale}/book/private-lesson/${studio}-teacher`, locale === 'es' ? ES : EN);

  describe('When the studio published its terms and its privacy notice', () => {
    it('then the student agrees to its terms, and reads what the studio receives and why with links to both, outside the label, opening in a new tab without a referrer', async () => {
      expect(consentOf(await classPage('ct-both'))).toEqual({
        label: "I agree to Casa del Son's terms and to being contacted about this booking.",
        described:
          'Casa del Son receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. ' +
          "Read Casa del Son's terms and privacy notice (they open in a new tab).",
        links: [link('terms', TERMS), link('privacy notice', PRIVACY)],
        linkInLabel: false,
      });
    });

    it('then the Spanish page says the same in Spanish', async () => {
      expect(consentOf(await classPage('ct-both', ES))).toEqual({
        label: 'Acepto las condiciones de Casa del Son y que me contacten sobre esta reserva.',
        described:
          'Casa del Son recibe tu nombre, tu correo electrónico y tu teléfono (si lo das) para guardarte la plaza y contactarte sobre esta reserva. ' +
          'Lee las condiciones y el aviso de privacidad de Casa del Son (se abren en otra pestaña).',
        links: [link('condiciones', TERMS), link('aviso de privacidad', PRIVACY)],
        linkInLabel: false,
      });
    });

    it('then the private lesson form also says that the answers to the studio’s questions go to the studio, and links both', async () => {
      const consent = consentOf(await lessonPage('ct-both'));
      expect(consent.label).toBe("I agree to Casa del Son's terms and to being contacted about this booking.");
      expect(consent.described).toBe(
        'Casa del Son receives your name, email, phone (if you give it) and your answers about your lesson, to keep your lesson time, to prepare the lesson and to contact you about this booking. ' +
          "Read Casa del Son's terms and privacy notice (they open in a new tab).",
      );
      expect(consent.links).toEqual([link('terms', TERMS), link('privacy notice', PRIVACY)]);
    });
  });

  describe('When the studio published only one of them', () => {
    it('then with only its terms, the student agrees to them and the terms alone are linked', async () => {
      expect(consentOf(await classPage('ct-terms'))).toEqual({
        label: "I agree to Son del Barrio's terms and to being contacted about this booking.",
        described:
          'Son del Barrio receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. ' +
          "Read Son del Barrio's terms (they open in a new tab).",
        links: [link('terms', TERMS)],
        linkInLabel: false,
      });
      // A private lesson without questions asks nothing more than the guest's details.
      expect(consentOf(await lessonPage('ct-terms')).described).toBe(
        'Son del Barrio receives your name, email and phone (if you give it) to keep your lesson time and to contact you about this booking. ' +
          "Read Son del Barrio's terms (they open in a new tab).",
      );
    });

    it('then with only its privacy notice, there are no terms to agree to: the student agrees to be contacted, and the notice is linked', async () => {
      expect(consentOf(await classPage('ct-privacy'))).toEqual({
        label: 'I agree that Salón Caribe may contact me about this booking.',
        described:
          'Salón Caribe receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. ' +
          "Read Salón Caribe's privacy notice (it opens in a new tab).",
        links: [link('privacy notice', PRIVACY)],
        linkInLabel: false,
      });
      expect(consentOf(await classPage('ct-privacy', ES)).described).toBe(
        'Salón Caribe recibe tu nombre, tu correo electrónico y tu teléfono (si lo das) para guardarte la plaza y contactarte sobre esta reserva. ' +
          'Lee el aviso de privacidad de Salón Caribe (se abre en otra pestaña).',
      );
    });
  });

  describe('When the studio published neither', () => {
    it('then the class page says plainly, with no link, what the studio receives and why, and the box only asks to agree to being contacted', async () => {
      expect(consentOf(await classPage('ct-none'))).toEqual({
        label: 'I agree that Casa Nueva may contact me about this booking.',
        described: 'Casa Nueva receives your name, email and phone (if you give it) to keep your place and to contact you about this booking.',
        links: [],
        linkInLabel: false,
      });
    });

    it('then the Spanish class page says it in Spanish', async () => {
      expect(consentOf(await classPage('ct-none', ES))).toEqual({
        label: 'Acepto que Casa Nueva me contacte sobre esta reserva.',
        described: 'Casa Nueva recibe tu nombre, tu correo electrónico y tu teléfono (si lo das) para guardarte la plaza y contactarte sobre esta reserva.',
        links: [],
        linkInLabel: false,
      });
    });

    it('then the private lesson page says that the answers go to the studio too, in English and in Spanish (and not when there are no questions)', async () => {
      expect(consentOf(await lessonPage('ct-none'))).toEqual({
        label: 'I agree that Casa Nueva may contact me about this booking.',
        described:
          'Casa Nueva receives your name, email, phone (if you give it) and your answers about your lesson, to keep your lesson time, to prepare the lesson and to contact you about this booking.',
        links: [],
        linkInLabel: false,
      });
      expect(consentOf(await lessonPage('ct-none', 'es'))).toEqual({
        label: 'Acepto que Casa Nueva me contacte sobre esta reserva.',
        described:
          'Casa Nueva recibe tu nombre, tu correo electrónico, tu teléfono (si lo das) y tus respuestas sobre la clase, para guardarte la hora, preparar la clase y contactarte sobre esta reserva.',
        links: [],
        linkInLabel: false,
      });
      expect(consentOf(await lessonPage('ct-none-quiet')).described).toBe(
        'Casa Callada receives your name, email and phone (if you give it) to keep your lesson time and to contact you about this booking.',
      );
    });

    it('then a form sent without the box ticked asks to agree to being contacted (not to terms there are none of), in the error and in the summary', async () => {
      const student = new Browser(app.url, EN);
      const form = await student.openForm('/book/ct-none-class');
      const page = await student.submit(form, { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com' });
      expect(page.status).toBe(422);
      expect(errorTiedTo(page.html, 'terms')).toBe(
        'To book, you need to agree that the studio may contact you about this booking. ' +
          'Casa Nueva receives your name, email and phone (if you give it) to keep your place and to contact you about this booking.',
      );
      expect(textOf(elementById(page.html, 'error-summary') ?? '')).toContain('Consent: To book, you need to agree that the studio may contact you about this booking.');
      expect(textOf(page.html)).not.toMatch(/\bterms\b/);

      // With terms, the error still asks to agree to them.
      const withTerms = new Browser(app.url, EN);
      const termsForm = await withTerms.openForm('/book/ct-terms-class');
      const termsPage = await withTerms.submit(termsForm, { firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com' });
      expect(textOf(elementById(termsPage.html, 'error-summary') ?? '')).toContain("Terms: You need to agree to the studio's terms to book.");
    });
  });

  describe('When an address is not one to link to', () => {
    it('then a javascript: address cannot even be imported, one stored behind the import’s back is not linked, and without terms to link the box asks only to agree to being contacted', async () => {
      const document = consentStudio('ct-script', 'Script Studio', { termsUrl: 'javascript:alert(1)', privacyUrl: 'JavaScript:alert(document.cookie)' });
      const refused = await app.importDocument(document, NOW).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StudioDocumentError);
      expect((refused as StudioDocumentError).problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
        'studio.policies.termsUrl: expected an absolute http(s) URL',
        'studio.policies.privacyUrl: expected an absolute http(s) URL',
      ]);
      expect((await classPage('ct-script')).status).toBe(404);

      await app.server.store.db.updateTable('studios').set({ terms_url: 'javascript:alert(document.cookie)' }).where('id', '=', 'ct-stored').execute();
      await app.server.stamps.refresh();
      const page = await classPage('ct-stored');
      expect(page.html).not.toMatch(/href="\s*javascript:/i);
      expect(consentOf(page)).toEqual({
        label: 'I agree that Casa Guardada may contact me about this booking.',
        described:
          'Casa Guardada receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. ' +
          "Read Casa Guardada's privacy notice (it opens in a new tab).",
        links: [link('privacy notice', PRIVACY)],
        linkInLabel: false,
      });
    });
  });

  describe('When the studio’s name carries markup', () => {
    it('then the label, the explanation and the links show it as text, and the terms address stays inside its attribute', async () => {
      const page = await classPage('ct-evil');
      expect(page.html).not.toContain(SCRIPT);
      expect(page.html).not.toMatch(/<b>|<svg/);
      const consent = consentOf(page);
      expect(consent.label).toBe(`I agree to ${HOSTILE_NAME}'s terms and to being contacted about this booking.`);
      // A "{terms}" in the name is text, not a second link.
      expect(consent.described).toBe(
        `${HOSTILE_NAME} receives your name, email and phone (if you give it) to keep your place and to contact you about this booking. ` +
          `Read ${HOSTILE_NAME}'s terms and privacy notice (they open in a new tab).`,
      );
      expect(consent.links).toEqual([link('terms', HOSTILE_TERMS), link('privacy notice', PRIVACY)]);
    });
  });
});
