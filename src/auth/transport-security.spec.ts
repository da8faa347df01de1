import { isLoopback, refusesCredentials } from './transport-security';

describe('refusesCredentials', () => {
  it.each([
    ['http', '203.0.113.5', true],
    ['http', '::ffff:203.0.113.5', true],
    ['http', '2001:db8::1', true],
    ['http', undefined, true],
    ['https', '203.0.113.5', false],
    ['http', '127.0.0.1', false],
    ['http', '::ffff:127.0.0.1', false],
    ['http', '::1', false],
  ])('over %s from %s: refused %s', (protocol, ip, refused) => {
    expect(refusesCredentials({ protocol, ip }, false)).toBe(refused);
  });

  it('refuses nothing with ALLOW_INSECURE_AUTH', () => {
    expect(refusesCredentials({ protocol: 'http', ip: '203.0.113.5' }, true)).toBe(false);
  });
});

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['10.0.0.1', '128.0.0.1', '::2', '1::1', '::1:1', '::ffff:10.0.0.1', 'localhost', '', '127.0.0.1.example'])(
    '%s is not loopback',
    (address) => {
      expect(isLoopback(address)).toBe(false);
    },
  );
});
