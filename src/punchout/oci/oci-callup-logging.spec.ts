import { redactUrl } from '../../common/http/redact-url';

describe('request logs of the OCI call-up', () => {
  it('never carry the PASSWORD (the punchout secret), whatever its case or encoding', () => {
    const secret = 'mpgp_Abc-DEF_0123456789abcdefghijklmnopqrstuvwxyzAB';
    for (const name of ['PASSWORD', 'password', 'Password', 'PASS%57ORD']) {
      const logged = redactUrl(
        `/punchout/oci?USERNAME=mpgc_1&${name}=${secret}&EMAIL=a%40b.example&HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fhook`,
      );
      expect(logged).not.toContain(secret);
      expect(logged).toContain(`${name}=[REDACTED]`);
      expect(logged).toContain('USERNAME=mpgc_1');
    }
  });
});
