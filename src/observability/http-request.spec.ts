import { redactUrl } from './http-request';

describe('redactUrl', () => {
  it('keeps a URL without password parameters as it is', () => {
    expect(redactUrl('/calendar/events/v1/events')).toBe('/calendar/events/v1/events');
    expect(redactUrl('/events?page=2&search=a%20b&flag')).toBe('/events?page=2&search=a%20b&flag');
  });

  it('replaces the value of every parameter whose name, decoded, mentions password', () => {
    expect(redactUrl('/events/1?password=secret&page=2')).toBe('/events/1?password=[REDACTED]&page=2');
    expect(redactUrl('/events?password[]=a&password[]=b')).toBe('/events?password[]=[REDACTED]&password[]=[REDACTED]');
    expect(redactUrl('/events?%70assword=x&PASSWORD=y&pass%5Bword%5D=z')).toBe(
      '/events?%70assword=[REDACTED]&PASSWORD=[REDACTED]&pass%5Bword%5D=z',
    );
    expect(redactUrl('/events?my+password=x')).toBe('/events?my+password=[REDACTED]');
  });

  it('still reads names that are not valid percent-encoding', () => {
    expect(redactUrl('/events?password%=x&%E0%A4%A=y')).toBe('/events?password%=[REDACTED]&%E0%A4%A=y');
  });
});
