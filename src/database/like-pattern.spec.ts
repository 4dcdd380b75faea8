import { escapeLike, insensitiveContains, insensitiveEquals } from './like-pattern';

describe('LIKE patterns from user input', () => {
  it('escape the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('desk-accessories')).toBe('desk-accessories');
    expect(escapeLike('\\')).toBe('\\\\');
    expect(escapeLike('%\\')).toBe('\\%\\\\');
  });

  it("hand Prisma's insensitive filters the escaped value", () => {
    expect(insensitiveContains('a%')).toEqual({ contains: 'a\\%', mode: 'insensitive' });
    expect(insensitiveEquals('PO_1\\')).toEqual({ equals: 'PO\\_1\\\\', mode: 'insensitive' });
  });
});
