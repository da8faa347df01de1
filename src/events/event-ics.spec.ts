import { EventView } from './event.presenter';
import { eventsCalendar, eventsCalendarInSlices, htmlToText, icsDuration, icsFloat } from './event-ics';

describe('htmlToText', () => {
  it('turns paragraphs and line breaks into newlines and drops the tags', () => {
    expect(htmlToText('<p>One <strong>bold</strong> line</p><p>Two<br>Three<br/>Four</p>')).toBe('One bold line\nTwo\nThree\nFour');
  });

  it('gives back the characters the HTML escapes', () => {
    expect(htmlToText('<p>Fish &amp; chips &lt;3 "quoted" &#39;single&#39;</p>')).toBe('Fish & chips <3 "quoted" \'single\'');
  });

  it('keeps at most one empty line between blocks', () => {
    expect(htmlToText('<p>a</p>\n\n\n<p>b</p>')).toBe('a\n\nb');
  });

  it('keeps where a link leads: the text then the address, unless the text says it', () => {
    expect(
      htmlToText(
        '<p>Tickets <a href="https://example.com/t?a=1&amp;b=2" target="_blank">here</a>, <a href="https://example.com/">https://example.com/</a>, ' +
          '<a href="mailto:info@example.com">write</a>, <a href="mailto:info@example.com">info@example.com</a>, <a href="tel:+49%2030">call</a>, <a href="#map">map</a>, <a href="/faq">FAQ</a></p>',
      ),
    ).toBe(
      'Tickets here (https://example.com/t?a=1&b=2), https://example.com/, write (info@example.com), info@example.com, call (+49 30), map, FAQ',
    );
    expect(htmlToText('<a href="https://example.com/"><img src="https://example.com/i.png" alt="logo" /></a>')).toBe(
      'https://example.com/',
    );
  });

  it('never glues the words of two blocks or two table cells together', () => {
    expect(htmlToText('<table><tr><th>Day</th><td>Price</td></tr><tr><td>Mon</td><td>10</td></tr></table>')).toBe('Day Price\nMon 10');
    expect(htmlToText('<dl><dt>Price</dt><dd>10 EUR</dd></dl>Before<section>Inside</section>a<hr />b<strong>c</strong><div>d</div>')).toBe(
      'Price\n10 EUR\n\nBefore\nInside\na\nbc\nd',
    );
  });
});

describe('eventsCalendarInSlices', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'UTC', 'UTC+2', 'Australia/Sydney'];
  const events = Array.from({ length: 60 }, (_, n) => {
    const start = new Date(Date.UTC(2030, n % 12, 1 + (n % 27), 9, 30));
    const sql = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
    return {
      id: n + 1,
      title: `Event ${n}`,
      description: `<p>About event ${n}</p>`,
      url: `http://calendar.test/event/${n}`,
      all_day: n % 7 === 0,
      timezone: zones[n % zones.length],
      start_date: sql(start),
      end_date: sql(new Date(start.getTime() + 3_600_000)),
      utc_start_date: sql(start),
      utc_end_date: sql(new Date(start.getTime() + 3_600_000)),
      date_utc: '2029-01-01 00:00:00',
      modified_utc: '2029-06-01 12:00:00',
      venue: [],
      categories: [{ name: 'Music' }],
    } as unknown as EventView;
  });

  it('gives the same bytes as eventsCalendar', async () => {
    await expect(eventsCalendarInSlices(events, { host: 'calendar.test' })).resolves.toBe(
      eventsCalendar(events, { host: 'calendar.test' }),
    );
  });

  it('lets other work run while it builds a long calendar', async () => {
    let done = false;
    let ranMeanwhile = false;
    const building = eventsCalendarInSlices(events, { host: 'calendar.test' }).then(() => (done = true));
    setImmediate(() => (ranMeanwhile = !done));
    await building;
    expect(ranMeanwhile).toBe(true);
  });
});

describe('icsFloat', () => {
  it('writes GEO values as RFC 5545 FLOATs, never in exponent form', () => {
    expect([1e-7, -5e-7, 39.8, -89.6, 100, 0, 52.5200066].map(icsFloat)).toEqual([
      '0.0000001',
      '-0.0000005',
      '39.8',
      '-89.6',
      '100',
      '0',
      '52.5200066',
    ]);
  });
});

describe('icsDuration', () => {
  it('writes exact lengths in hours, minutes and seconds (a nominal day would follow DST)', () => {
    expect([30 * 60_000, 26 * 3_600_000, 5_400_000 + 7_000, 0, -3_600_000].map(icsDuration)).toEqual([
      'PT30M',
      'PT26H',
      'PT1H30M7S',
      'PT0S',
      '-PT1H',
    ]);
  });
});
