import { TEST_DATABASES } from './support/databases';
import { EventSummary, EventsClient } from './support/events';
import { ParsedEvent, parseCalendar, unfold } from './support/ical';
import { OpenApiDoc } from './support/openapi-shapes';
import { TestApp } from './support/test-app';

// A window every event of this file lies in (the default window ends two years from now).
const WINDOW = 'start_date=2029-01-01&end_date=2032-12-31';

describe.each(TEST_DATABASES)('events as iCalendar on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let berlin: EventSummary;
  let allDay: EventSummary;
  let offset: EventSummary;
  let repeatedHour: EventSummary;
  let repeatedAgain: EventSummary;
  let draft: EventSummary;
  let protectedEvent: EventSummary;
  let jazz: { id: number; slug: string };

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    jazz = await c.createTerm('categories', { name: 'Jazz, Blues; Soul' });
    const venue = await c.createLinked('venues', {
      venue: 'Peer Hall',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      geo_lat: 39.8,
      geo_lng: -89.6,
    });
    berlin = await c.create({
      title: 'Summer; night, in Berlin \\ live',
      start_date: '2030-07-10 19:00:00',
      end_date: '2030-07-10 23:30:00',
      timezone: 'Europe/Berlin',
      venue: venue.id,
      categories: [jazz.id],
      description: `<p>Doors open at 7 &amp; music starts at 8, "rain or shine".</p><p>Second line<br>third line: ${'é'.repeat(60)}</p>`,
    });
    allDay = await c.create({ title: 'All-day fair', start_date: '2030-01-10', end_date: '2030-01-11', all_day: true });
    offset = await c.create({
      title: 'Manual offset',
      start_date: '2030-01-12 10:00:00',
      end_date: '2030-01-12 11:00:00',
      timezone: 'UTC+2',
    });
    repeatedHour = await c.create({
      title: 'In the repeated hour',
      start_date: '2031-11-02 01:30:00',
      end_date: '2031-11-02 03:00:00',
      timezone: 'America/New_York',
    });
    // The same wall clock, the second time it happens (the offset given says which).
    repeatedAgain = await c.create({
      title: 'In the repeated hour, again',
      start_date: '2031-11-02T01:30:00-05:00',
      end_date: '2031-11-02 03:00:00',
      timezone: 'America/New_York',
    });
    draft = await c.create({ title: 'Draft only', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00', status: 'draft' });
    protectedEvent = await c.create({
      title: 'Members night',
      start_date: '2030-03-01 20:00:00',
      end_date: '2030-03-01 22:00:00',
      password: 'sesame',
      description: 'Secret agenda',
    });
  });
  afterAll(() => t.close());

  const ics = (path: string, role?: 'administrator' | 'editor') => {
    const req = t.request.get(t.api(path));
    return role ? req.set('Authorization', c.auth(role)) : req;
  };
  const byId = (events: ParsedEvent[], id: number) => events.find((event) => event.uid === `${id}@calendar.test`);
  const json = async (id: number) => (await c.get(`/events/${id}`, 'administrator').expect(200)).body as Record<string, string>;

  describe('GET /events/ics', () => {
    it('answers text/calendar; charset=utf-8 with a VCALENDAR of CRLF lines of at most 75 octets', async () => {
      const res = await ics(`/events/ics?${WINDOW}`).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
      expect(res.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const lines = res.text.split('\r\n').slice(0, -1);
      expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
      const calendar = parseCalendar(res.text);
      expect(calendar.version).toBe('2.0');
      expect(calendar.prodid).toMatch(/^-\/\/.+\/\/EN$/);
    });

    it('has the events of the list, in its order, with stable UIDs <id>@<site host>', async () => {
      const list = await c.list(WINDOW).expect(200);
      const calendar = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      expect(calendar.events.map((event) => event.uid)).toEqual((list.body.events as EventSummary[]).map((e) => `${e.id}@calendar.test`));
      const again = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      expect(again).toEqual(calendar);
    });

    it('writes IANA zones as TZID with a VTIMEZONE per zone, which give the exact instants', async () => {
      const res = await ics(`/events/ics?${WINDOW}`).expect(200);
      const calendar = parseCalendar(res.text);
      expect(calendar.timezones).toEqual(['America/New_York', 'Europe/Berlin']);
      const event = byId(calendar.events, berlin.id)!;
      expect(event.dtstartLine).toBe('DTSTART;TZID=Europe/Berlin:20300710T190000');
      expect(event.dtendLine).toBe('DTEND;TZID=Europe/Berlin:20300710T233000');
      const stored = await json(berlin.id);
      expect([event.start, event.end]).toEqual([stored.utc_start_date, stored.utc_end_date]);
      expect(event.start).toBe('2030-07-10 17:00:00');
    });

    it('writes UTC for manual offsets and for a wall clock the zone repeats when clocks go back', async () => {
      const calendar = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      const manual = byId(calendar.events, offset.id)!;
      expect(manual.dtstartLine).toBe('DTSTART:20300112T080000Z');
      // A local time of the repeated hour is its first instant (EDT), as PHP and RFC 5545 read it,
      // whatever the season the server runs in; an offset given names the second (EST).
      for (const [event, instant] of [
        [repeatedHour, '2031-11-02 05:30:00'],
        [repeatedAgain, '2031-11-02 06:30:00'],
      ] as const) {
        const stored = await json(event.id);
        expect(stored.utc_start_date).toBe(instant);
        const written = byId(calendar.events, event.id)!;
        expect(written.dtstartLine).toBe(`DTSTART:${instant.replace(/-|:/g, '').replace(' ', 'T')}Z`);
        expect(written.dtendLine).toBe('DTEND;TZID=America/New_York:20311102T030000');
        expect([written.start, written.end]).toEqual([stored.utc_start_date, stored.utc_end_date]);
      }
    });

    it('writes all-day events as DATE values, the end exclusive', async () => {
      const calendar = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      const fair = byId(calendar.events, allDay.id)!;
      expect([fair.dtstartLine, fair.dtendLine]).toEqual(['DTSTART;VALUE=DATE:20300110', 'DTEND;VALUE=DATE:20300112']);
      expect(fair.allDay).toBe(true);
    });

    it('escapes TEXT values and folds long ones; the description is plain text', async () => {
      const res = await ics(`/events/ics?${WINDOW}`).expect(200);
      const lines = unfold(res.text);
      expect(lines).toContain('SUMMARY:Summer\\; night\\, in Berlin \\\\ live');
      expect(lines).toContain('CATEGORIES:Jazz\\, Blues\\; Soul');
      const event = byId(parseCalendar(res.text).events, berlin.id)!;
      expect(event.summary).toBe('Summer; night, in Berlin \\ live');
      expect(event.description).toBe(`Doors open at 7 & music starts at 8, "rain or shine".\nSecond line\nthird line: ${'é'.repeat(60)}`);
      expect(event.location).toBe('Peer Hall, 1 Main St, Springfield, United States');
      expect(event.url).toBe((await json(berlin.id)).url);
      expect(event.categories).toEqual(['Jazz, Blues; Soul']);
      expect(lines).toContain('GEO:39.8;-89.6');
    });

    it('names a zone as the event does, in its canonical case (Asia/Kolkata, not ICU’s Asia/Calcutta)', async () => {
      for (const [timezone, tzid] of [
        ['Asia/Kolkata', 'Asia/Kolkata'],
        ['europe/berlin', 'Europe/Berlin'],
      ]) {
        const event = await c.create({
          title: `In ${timezone}`,
          start_date: '2035-06-01 20:00:00',
          end_date: '2035-06-01 22:00:00',
          timezone,
        });
        const text = (await ics(`/events/${event.id}/ics`).expect(200)).text;
        expect(text).toContain(`\r\nTZID:${tzid}\r\n`);
        expect(text).toContain(`\r\nDTSTART;TZID=${tzid}:20350601T200000\r\n`);
        const parsed = byId(parseCalendar(text).events, event.id)!;
        expect(parsed.start).toBe((await json(event.id)).utc_start_date);
      }
    });

    it('converts with the rules of tz 2026f and describes them in the VTIMEZONE (America/Vancouver at -07 from November 2026)', async () => {
      const event = await c.create({
        title: 'Winter in Vancouver',
        start_date: '2026-12-15 10:00:00',
        end_date: '2026-12-15 11:00:00',
        timezone: 'America/Vancouver',
      });
      const stored = await json(event.id);
      // ICU's tz 2025c (Node 20) had PST (-08) back in November 2026: 18:00 UTC.
      expect([stored.utc_start_date, stored.utc_end_date, stored.timezone_abbr]).toEqual([
        '2026-12-15 17:00:00',
        '2026-12-15 18:00:00',
        'MST',
      ]);
      const text = (await ics(`/events/${event.id}/ics`).expect(200)).text;
      expect(text).toContain('\r\nDTSTART;TZID=America/Vancouver:20261215T100000\r\n');
      // No return to -08 on 1 November 2026 (tz 2025c's STANDARD observance from 02:00).
      expect(text).not.toContain('DTSTART:20261101T020000');
      expect(byId(parseCalendar(text).events, event.id)!.start).toBe('2026-12-15 17:00:00');
    });

    it('writes titles and names as the plain text the JSON escapes', async () => {
      const venue = await c.createLinked('venues', { venue: 'Smith & Sons > Hall', city: 'Rock "n" Town' });
      // Outside WINDOW, so the other tests' lists stay as they are.
      const event = await c.create({
        title: 'Rock & Roll > Pop',
        start_date: '2035-05-01 20:00:00',
        end_date: '2035-05-01 22:00:00',
        venue: venue.id,
        categories: ['R&B'],
      });
      expect((await json(event.id)).title).toBe('Rock &amp; Roll &gt; Pop');
      const parsed = byId(parseCalendar((await ics(`/events/${event.id}/ics`).expect(200)).text).events, event.id)!;
      expect(parsed.summary).toBe('Rock & Roll > Pop');
      expect(parsed.location).toBe('Smith & Sons > Hall, Rock "n" Town');
      expect(parsed.categories).toEqual(['R&B']);
    });

    it('writes an event that ends when it starts with DURATION:PT0S: a DTEND must be later than DTSTART (RFC 5545 §3.8.2.2)', async () => {
      const instant = await c.create({
        title: 'Doors open',
        start_date: '2035-07-01 10:00:00',
        end_date: '2035-07-01 10:00:00',
        timezone: 'Europe/Berlin',
      });
      const text = (await ics(`/events/${instant.id}/ics`).expect(200)).text;
      const lines = unfold(text);
      expect(lines).toContain('DTSTART;TZID=Europe/Berlin:20350701T100000');
      expect(lines).toContain('DURATION:PT0S');
      const parsed = byId(parseCalendar(text).events, instant.id)!;
      expect(parsed.dtendLine).toBe('');
      expect([parsed.start, parsed.end]).toEqual(['2035-07-01 08:00:00', '2035-07-01 08:00:00']);
      // No VEVENT of a feed has a DTEND that is not later than its DTSTART.
      const feed = parseCalendar((await ics('/events/ics?start_date=2035-01-01&end_date=2035-12-31').expect(200)).text);
      expect(feed.events.filter((event) => event.dtendLine && !event.allDay && event.end <= event.start)).toEqual([]);
    });

    it('gives each observance of a VTIMEZONE a TZNAME of its own offset (Africa/Casablanca, America/Vancouver)', async () => {
      // moment-timezone's copy of the tz database, which has the letters, and ICU's, which the
      // offsets come from, can differ: "+00" was written for Morocco's +01, "MST" for Vancouver's -08.
      const letters: Record<string, string> = { PST: '-0800', PDT: '-0700', MST: '-0700', MDT: '-0600' };
      for (const [timezone, start] of [
        ['Africa/Casablanca', '2035-03-20 10:00:00'],
        ['America/Vancouver', '2035-01-15 10:00:00'],
      ]) {
        const event = await c.create({
          title: `Abbreviated in ${timezone}`,
          start_date: start,
          end_date: start.replace('10:', '11:'),
          timezone,
        });
        const lines = unfold((await ics(`/events/${event.id}/ics`).expect(200)).text);
        const observances = lines
          .map((line, at) =>
            line.startsWith('TZOFFSETTO:') ? { to: line.slice(11), name: lines[at + 1].replace(/^TZNAME:/, '') } : undefined,
          )
          .filter((observance) => observance !== undefined);
        expect(observances.length).toBeGreaterThan(0);
        const named = (name: string) => (/^[+-]\d+$/.test(name) ? name.padEnd(5, '0') : letters[name]);
        expect(observances.filter(({ to, name }) => named(name) !== to)).toEqual([]);
        // The JSON's timezone_abbr too names the offset of its times.
        const stored = await json(event.id);
        const minutes =
          (Date.parse(`${stored.start_date.replace(' ', 'T')}Z`) - Date.parse(`${stored.utc_start_date.replace(' ', 'T')}Z`)) / 60_000;
        const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
        expect(named(stored.timezone_abbr)).toBe(offset);
      }
    });

    it('keeps where a link leads and the words of table cells apart in the plain-text description', async () => {
      const event = await c.create({
        title: 'Linked',
        start_date: '2035-08-01 10:00:00',
        end_date: '2035-08-01 11:00:00',
        description:
          '<p>Tickets <a href="https://example.com/t?a=1&b=2">here</a> or <a href="mailto:box@example.com">by mail</a>.</p>' +
          '<table><tr><td>Mon</td><td>10 EUR</td></tr></table>',
      });
      const parsed = byId(parseCalendar((await ics(`/events/${event.id}/ics`).expect(200)).text).events, event.id)!;
      expect(parsed.description).toBe('Tickets here (https://example.com/t?a=1&b=2) or by mail (box@example.com).\nMon 10 EUR');
    });

    it('writes no property with an empty value, also for text of control characters only', async () => {
      // Writes drop control characters (text-input.e2e-spec.ts): rows written with SQL still hold them.
      const venue = await c.createLinked('venues', { venue: 'Bell', city: 'Start' });
      const event = await c.create({
        title: 'Bell',
        description: 'Bell',
        start_date: '2035-09-01 10:00:00',
        end_date: '2035-09-01 11:00:00',
        venue: venue.id,
      });
      await t.sql('UPDATE venues SET name = ?, city = ? WHERE id = ?', ['\u0007', '\u0001', venue.id]);
      await t.sql('UPDATE events SET title = ?, description = ? WHERE id = ?', ['\u0007\u0001', '\u0007', event.id]);
      const lines = unfold((await ics(`/events/${event.id}/ics`).expect(200)).text);
      expect(lines.filter((line) => /^[A-Z-]+(;[^:]*)?:$/.test(line))).toEqual([]);
      expect(lines.filter((line) => /^(SUMMARY|DESCRIPTION|LOCATION)[;:]/.test(line))).toEqual([]);
    });

    it('applies the list filters and permissions: drafts only for those who may see them', async () => {
      const anonymous = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      expect(byId(anonymous.events, draft.id)).toBeUndefined();
      const editor = parseCalendar((await ics(`/events/ics?${WINDOW}`, 'editor').expect(200)).text);
      expect(byId(editor.events, draft.id)).toBeDefined();
      const filtered = parseCalendar((await ics(`/events/ics?${WINDOW}&categories=${jazz.slug}`).expect(200)).text);
      expect(filtered.events.map((event) => event.uid)).toEqual([`${berlin.id}@calendar.test`]);
      const searched = parseCalendar((await ics(`/events/ics?${WINDOW}&search=fair`).expect(200)).text);
      expect(searched.events.map((event) => event.uid)).toEqual([`${allDay.id}@calendar.test`]);
    });

    it('blanks the content of a password-protected event as the list does', async () => {
      const calendar = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      expect(byId(calendar.events, protectedEvent.id)!.description).toBeUndefined();
      const opened = parseCalendar((await ics(`/events/ics?${WINDOW}&password=sesame`).expect(200)).text);
      expect(byId(opened.events, protectedEvent.id)!.description).toBe('Secret agenda');
    });

    it('blanks it for editors too without the password (one rule, issue #12)', async () => {
      for (const role of ['editor', 'administrator'] as const) {
        const calendar = parseCalendar((await ics(`/events/ics?${WINDOW}`, role).expect(200)).text);
        expect(byId(calendar.events, protectedEvent.id)!.description).toBeUndefined();
        const opened = parseCalendar((await ics(`/events/ics?${WINDOW}&password=sesame`, role).expect(200)).text);
        expect(byId(opened.events, protectedEvent.id)!.description).toBe('Secret agenda');
      }
    });

    it('answers the list errors as JSON: 400 for an invalid filter, 404 beyond the last page', async () => {
      const invalid = await ics('/events/ics?categories=nope').expect(400);
      expect(invalid.headers['content-type']).toMatch(/^application\/json/);
      expect(invalid.body.code).toBe('rest_invalid_param');
      const beyond = await ics(`/events/ics?${WINDOW}&page=99`).expect(404);
      expect(beyond.body.code).toBe('event-archive-page-not-found');
    });

    it('pages like the list with page or per_page, and has every page without them', async () => {
      const paged = await ics(`/events/ics?${WINDOW}&per_page=2&page=2`).expect(200);
      const page = parseCalendar(paged.text);
      const list = await c.list(`${WINDOW}&per_page=2&page=2`).expect(200);
      expect(page.events.map((event) => event.uid)).toEqual((list.body.events as EventSummary[]).map((e) => `${e.id}@calendar.test`));
      // A page of the feed links its neighbours as feed pages, with the list's totals.
      expect(paged.headers['x-tec-total']).toBe(list.headers['x-tec-total']);
      expect(paged.headers['x-tec-totalpages']).toBe(list.headers['x-tec-totalpages']);
      expect(Number(list.headers['x-tec-totalpages'])).toBeGreaterThan(2);
      expect(paged.headers.link).toBe(String(list.headers.link).replaceAll('/events/?', '/events/ics?'));
      expect(paged.headers.link).toMatch(
        /\/events\/ics\?.*page=3>; rel="next", <[^>]*\/events\/ics\?[^>]*>; rel="prev", <http:\/\/calendar\.test\/>; rel="https:\/\/api\.w\.org\/"$/,
      );
      const previous = /<([^>]*)>; rel="prev"/.exec(paged.headers.link)![1];
      const first = await ics(new URL(previous).pathname.replace(/^.*\/events\//, '/events/') + new URL(previous).search).expect(200);
      expect(parseCalendar(first.text).events.map((event) => event.uid)).toEqual(
        ((await c.list(`${WINDOW}&per_page=2`).expect(200)).body.events as EventSummary[]).map((e) => `${e.id}@calendar.test`),
      );

      for (let n = 0; n < 11; n++)
        await c.create({ title: `Many ${n}`, start_date: '2031-05-01 10:00:00', end_date: '2031-05-01 11:00:00' });
      const all = await ics(`/events/ics?${WINDOW}`).expect(200);
      const total = Number(all.headers['x-tec-total']);
      expect(total).toBeGreaterThan(10);
      expect(parseCalendar(all.text).events).toHaveLength(total);
    });

    it('is not taken for an event id by /events/{id}', async () => {
      await ics('/events/ics').expect(200);
      const res = await ics('/events/icsx').expect(404);
      expect(res.body.code).toBe('rest_no_route');
    });
  });

  describe('GET /events/{id}/ics', () => {
    it('answers one VEVENT, with the same UID and times as in the feed', async () => {
      const res = await ics(`/events/${berlin.id}/ics`).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const single = parseCalendar(res.text);
      const feed = parseCalendar((await ics(`/events/ics?${WINDOW}`).expect(200)).text);
      expect(single.events).toEqual([byId(feed.events, berlin.id)]);
      expect(single.timezones).toEqual(['Europe/Berlin']);
    });

    it('has the checks of the single read: 403 for a draft to anonymous callers, 200 to its editors', async () => {
      const res = await ics(`/events/${draft.id}/ics`).expect(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.code).toBe('event-not-accessible');
      await ics(`/events/${draft.id}/ics`, 'editor').expect(200);
      const locked = await ics(`/events/${protectedEvent.id}/ics`).expect(403);
      expect(locked.body.code).toBe('event-password-protected');
      await ics(`/events/${protectedEvent.id}/ics?password=sesame`).expect(200);
      // Editors need the password too (one rule, issue #12).
      for (const role of ['editor', 'administrator'] as const) {
        expect((await ics(`/events/${protectedEvent.id}/ics`, role).expect(403)).body.code).toBe('event-password-protected');
        await ics(`/events/${protectedEvent.id}/ics?password=sesame`, role).expect(200);
      }
    });

    it('answers 404: rest-event-not-found for an unknown id, rest_no_route for a non-digit one', async () => {
      expect((await ics('/events/999999/ics').expect(404)).body.code).toBe('rest-event-not-found');
      expect((await ics('/events/abc/ics').expect(404)).body.code).toBe('rest_no_route');
    });

    it('answers a trashed event with 403 event-no-longer-available', async () => {
      const trashed = await c.create({ title: 'Gone', start_date: '2030-04-01 10:00:00', end_date: '2030-04-01 11:00:00' });
      await c.write('delete', `/events/${trashed.id}`, undefined, 'administrator').expect(200);
      expect((await ics(`/events/${trashed.id}/ics`, 'administrator').expect(403)).body.code).toBe('event-no-longer-available');
    });
  });

  describe('documentation', () => {
    it('lists both routes in the index with the list and single read parameters', async () => {
      const index = (await t.request.get(t.api()).expect(200)).body as { routes: Record<string, { endpoints: { args: object }[] }> };
      const ns = '/calendar/events/v1';
      expect(Object.keys(index.routes[`${ns}/events/ics`].endpoints[0].args)).toEqual(
        Object.keys(index.routes[`${ns}/events`].endpoints[0].args),
      );
      expect(Object.keys(index.routes[`${ns}/events/(?P<id>\\d+)/ics`].endpoints[0].args)).toEqual(['id', 'password']);
    });

    it('documents text/calendar responses in /doc', async () => {
      const doc = (await t.request.get(t.api('/doc')).expect(200)).body as OpenApiDoc & {
        paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
      };
      for (const path of ['/events/ics', '/events/{id}/ics']) {
        expect(Object.keys(doc.paths[path].get.responses['200'].content ?? {})).toEqual(['text/calendar']);
      }
    });
  });
});
