import { AddUserDto } from '../../oauth/dto/add-user.dto';
import { UserRefDto } from '../../oauth/dto/user-ref.dto';
import { normalizeEmail } from './email';
import { validateInput } from './validate-input';

describe('e-mail normalization', () => {
  const nfd = ' Zoe\u0308@Example.com ';
  const nfc = 'zo\u00eb@example.com';

  it('puts an address in NFC, trimmed and lower-cased', () => {
    expect(normalizeEmail(nfd)).toBe(nfc);
  });

  it('gives the CLI (user add, console-link, token revoke-user) the NFC address of an NFD input', () => {
    expect(validateInput(UserRefDto, { org: 'acme', email: nfd }).email).toBe(nfc);
    expect(validateInput(AddUserDto, { org: 'acme', email: nfd, roles: ['buyer'] }).email).toBe(nfc);
  });
});
