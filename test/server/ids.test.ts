import { isDocumentId, isOccurrenceId, occurrenceId } from '../../server/src/domain/ids';

const longest = 'a'.repeat(64);

describe('which ids can exist', () => {
  it('When an id has 1 to 64 letters, digits, _ or -, then it can name a studio, a person or a class; 65 or a dot cannot', () => {
    expect([isDocumentId('salsa_1-b'), isDocumentId(longest), isDocumentId(`${longest}a`), isDocumentId(''), isDocumentId('a.b')]).toEqual([true, true, false, false, false]);
  });

  it('When a weekly series with the longest id has a date, then that class id (73 characters) can be booked', () => {
    const id = occurrenceId(longest, '2027-03-01');
    expect(id).toBe(`${longest}-20270301`);
    expect(id).toHaveLength(73);
    expect(isOccurrenceId(id)).toBe(true);
    expect(isDocumentId(id)).toBe(false);
  });

  it('When a class id is longer than a series id and a date, or has other characters, then it cannot exist', () => {
    expect([isOccurrenceId(`${longest}a-20270301`), isOccurrenceId(`${longest}-2027030`), isOccurrenceId('salsa/20270301'), isOccurrenceId('one-off')]).toEqual([false, false, false, true]);
  });
});
