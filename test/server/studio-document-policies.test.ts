import { DEFAULT_POLICIES } from '../../server/src/domain/catalog';
import { toCatalog } from '../../server/src/domain/studio-document/to-catalog';
import { validateStudioDocument } from '../../server/src/domain/studio-document/validate';
import { madridStudio } from '../support/fixture-studios';

/** The studio's booking policies and notification address in the studio document (booking-lifecycle.md). */

const withStudio = (studio: Record<string, unknown>) => {
  const document = madridStudio();
  return { ...document, studio: { ...document.studio, ...studio } };
};

const problems = (document: unknown) => {
  const result = validateStudioDocument(document);
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`);
};

describe('a studio document with policies and a notification address', () => {
  it('When a studio gives none, then the documented defaults apply: cancel until 2 hours before, a waitlist, a reminder 24 hours before', () => {
    const result = validateStudioDocument(madridStudio());
    if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
    const { studio } = toCatalog(result.document);
    expect(studio.policies).toEqual(DEFAULT_POLICIES);
    expect(DEFAULT_POLICIES).toEqual({ cancellationCutoffMinutes: 120, waitlist: true, reminderMinutes: 1440, termsUrl: null, privacyUrl: null });
    expect(studio.notificationEmail).toBeNull();
  });

  it('When a studio gives them, then they are kept (hours as whole minutes)', () => {
    const result = validateStudioDocument(
      withStudio({
        policies: { cancellationCutoffHours: 1.5, waitlist: false, reminderHours: 0, termsUrl: 'https://studio.example/terms', privacyUrl: 'https://studio.example/privacy' },
        notifications: { email: 'desk@studio.example' },
      }),
    );
    if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
    const { studio } = toCatalog(result.document);
    expect(studio.policies).toEqual({ cancellationCutoffMinutes: 90, waitlist: false, reminderMinutes: 0, termsUrl: 'https://studio.example/terms', privacyUrl: 'https://studio.example/privacy' });
    expect(studio.notificationEmail).toBe('desk@studio.example');
  });

  it('When a policy or the address is wrong, then each problem is reported with its path', () => {
    expect(
      problems(
        withStudio({
          policies: { cancellationCutoffHours: -1, reminderHours: 0.01, termsUrl: 'javascript:alert(1)', waitlist: 'yes', refundDays: 3 },
          notifications: { email: 'not an address' },
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        'studio.policies.cancellationCutoffHours: expected 0 or more hours',
        'studio.policies.reminderHours: expected whole minutes (a multiple of 1/60 hour)',
        'studio.policies.termsUrl: expected an absolute http(s) URL',
        expect.stringMatching(/^studio\.policies\.waitlist: /),
        expect.stringMatching(/^studio\.policies: .*refundDays/),
        'studio.notifications.email: expected an email address',
      ]),
    );
  });
});
