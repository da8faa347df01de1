import { IcalWriter, dateValue, escapeText, foldLine, localDateTime, paramValue, utcDateTime } from './ical';

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines (RFC 5545 §3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('drops control characters but keeps tabs and non-ASCII text', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007fé')).toBe('abc\tdé');
  });

  it('leaves colons and double quotes alone (they need no escaping in values)', () => {
    expect(escapeText('Time: "now"')).toBe('Time: "now"');
  });
});

describe('paramValue', () => {
  it('quotes values with : ; or , and drops double quotes', () => {
    expect(paramValue('Europe/Berlin')).toBe('Europe/Berlin');
    expect(paramValue('a:b')).toBe('"a:b"');
    expect(paramValue('say "hi", ok')).toBe('"say hi, ok"');
  });
});

describe('foldLine', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  it('leaves lines of up to 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets, continuation lines starting with one space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBe(3);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
  });

  it('never splits a multi-octet character', () => {
    const line = `SUMMARY:${'é'.repeat(50)}${'😀'.repeat(30)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(folded.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
  });
});

describe('date values', () => {
  it('formats UTC instants, wall clocks and dates', () => {
    expect(utcDateTime(new Date('2030-01-10T10:05:09.123Z'))).toBe('20300110T100509Z');
    expect(localDateTime('2030-07-10 18:30:00')).toBe('20300710T183000');
    expect(dateValue('2030-07-10 00:00:00')).toBe('20300710');
  });
});

describe('IcalWriter', () => {
  it('writes CRLF-terminated, folded lines, parameters and escaped TEXT, and leaves empty TEXT out', () => {
    const text = new IcalWriter()
      .begin('VEVENT')
      .raw('DTSTART', '20300110T100000', { TZID: 'Europe/Berlin' })
      .text('SUMMARY', 'Jazz, blues; and more')
      .text('DESCRIPTION', '')
      .texts('CATEGORIES', ['Music, live', 'Jazz', ''])
      .end('VEVENT')
      .toString();
    expect(text).toBe(
      'BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20300110T100000\r\nSUMMARY:Jazz\\, blues\\; and more\r\nCATEGORIES:Music\\, live,Jazz\r\nEND:VEVENT\r\n',
    );
  });

  it('leaves out a TEXT value that only control characters made: no property with an empty value', () => {
    const text = new IcalWriter()
      .begin('VEVENT')
      .text('SUMMARY', '\u0007\u0001')
      .text('LOCATION', '\u0000')
      .texts('CATEGORIES', ['\u0007', 'Jazz', '\u001b'])
      .texts('RESOURCES', ['\u0007'])
      .end('VEVENT')
      .toString();
    expect(text).toBe('BEGIN:VEVENT\r\nCATEGORIES:Jazz\r\nEND:VEVENT\r\n');
  });
});
