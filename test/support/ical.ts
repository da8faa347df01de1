import ICAL from 'ical.js';

/** One VEVENT: its properties as written (unfolded, unescaped by ical.js) and its times as instants. */
export interface ParsedEvent {
  readonly uid: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly location: string | undefined;
  readonly url: string | undefined;
  readonly categories: string[];
  /** The DTSTART line as written, unfolded, e.g. `DTSTART;TZID=Europe/Berlin:20300710T100000`. */
  readonly dtstartLine: string;
  readonly dtendLine: string;
  /** UTC instants as `YYYY-MM-DD HH:MM:SS`, resolved with the calendar's own VTIMEZONEs; dates for all-day events. */
  readonly start: string;
  readonly end: string;
  readonly allDay: boolean;
}

export interface ParsedCalendar {
  readonly version: string;
  readonly prodid: string;
  readonly timezones: string[];
  readonly events: ParsedEvent[];
}

/** Content lines joined again (RFC 5545 §3.1). */
export function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/**
 * Parses an iCalendar text with ical.js (an independent RFC 5545 implementation), resolving each
 * TZID through the VTIMEZONE blocks of the same calendar, so the instants prove those blocks right.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const lines = unfold(text);
  const lineOf = (uid: string, name: string) => {
    const from = lines.indexOf(`UID:${uid}`);
    return lines.slice(from).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`)) ?? '';
  };
  const instant = (time: ICAL.Time) =>
    time.isDate ? time.toString() : new Date(time.toUnixTime() * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return {
    version: String(calendar.getFirstPropertyValue('version')),
    prodid: String(calendar.getFirstPropertyValue('prodid')),
    timezones: calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      const text = (name: string) => {
        const value = component.getFirstPropertyValue(name);
        return value === null ? undefined : String(value);
      };
      return {
        uid: event.uid,
        summary: event.summary,
        description: text('description'),
        location: text('location'),
        url: text('url'),
        categories: component.getAllProperties('categories').flatMap((property) => property.getValues().map(String)),
        dtstartLine: lineOf(event.uid, 'DTSTART'),
        dtendLine: lineOf(event.uid, 'DTEND'),
        start: instant(event.startDate),
        end: instant(event.endDate),
        allDay: event.startDate.isDate,
      };
    }),
  };
}
