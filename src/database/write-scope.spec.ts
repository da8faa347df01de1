import {
  ALL,
  ANY,
  EVERYTHING,
  MAX_IDS,
  MAX_SPANS,
  NOTHING,
  ScopedWrite,
  decodeScope,
  encodeScope,
  endsRead,
  eventsWritten,
  mergeWrites,
} from './write-scope';

const DAY = 86_400_000;
const at = (day: number) => new Date(day * DAY);
const state = (startDay: number, endDay: number, links: { terms?: number[]; venues?: number[]; organizers?: number[] } = {}) => ({
  startUtc: at(startDay),
  endUtc: at(endDay),
  termIds: links.terms ?? [],
  venueIds: links.venues ?? [],
  organizerIds: links.organizers ?? [],
});

describe('write scopes (issue #14)', () => {
  describe('endsRead', () => {
    const created = eventsWritten([{ id: 10, before: null, after: state(200, 200, { terms: [3], venues: [4] }) }]);

    it('ends a list whose window the written event reaches, and not one it does not', () => {
      expect(endsRead(created, { members: { span: [0, 30 * DAY] } })).toBe(false);
      expect(endsRead(created, { members: { span: [0, 730 * DAY] } })).toBe(true);
      expect(endsRead(created, { members: { span: [201 * DAY, 300 * DAY] } })).toBe(true); // within the day of margin
      expect(endsRead(created, { members: { span: [202 * DAY, 300 * DAY] } })).toBe(false);
      expect(endsRead(created, { members: { span: [-Infinity, Infinity] } })).toBe(true);
    });

    it("ends a filtered list only when the event is or was linked to one of each filter's posts", () => {
      const window = [0, 730 * DAY] as const;
      expect(endsRead(created, { members: { span: window, filters: { venue: [4] } } })).toBe(true);
      expect(endsRead(created, { members: { span: window, filters: { venue: [5] } } })).toBe(false);
      expect(endsRead(created, { members: { span: window, filters: { venue: [4], term: [9] } } })).toBe(false);
      expect(endsRead(created, { members: { span: window, filters: { organizer: [1] } } })).toBe(false);
      expect(endsRead(created, { members: { span: window, filters: { organizer: ANY } } })).toBe(false);
      const moved = eventsWritten([{ id: 11, before: state(10, 10, { venues: [5] }), after: state(10, 10, { venues: [6] }) }]);
      expect(endsRead(moved, { members: { span: window, filters: { venue: [5] } } })).toBe(true);
      expect(endsRead(moved, { members: { span: window, filters: { venue: [6] } } })).toBe(true);
    });

    it('ends reads that show a written event or a term whose count it may change', () => {
      expect(endsRead(created, { posts: { event: [10] } })).toBe(true);
      expect(endsRead(created, { posts: { event: [11], term: [3] } })).toBe(true);
      // A venue's view does not change when an event links to it.
      expect(endsRead(created, { posts: { event: [11], venue: [4] } })).toBe(false);
    });

    it('ends everything at ALL, nothing at NOTHING, and reads without dependencies at any content write', () => {
      expect(endsRead(ALL, { posts: {} })).toBe(true);
      expect(endsRead(NOTHING, EVERYTHING)).toBe(false);
      expect(endsRead(created, EVERYTHING)).toBe(true);
      expect(endsRead(NOTHING, { members: { span: [-Infinity, Infinity] } })).toBe(false);
    });

    it('takes an event without id as any event', () => {
      expect(endsRead(eventsWritten([{ before: null, after: state(900, 900) }]), { posts: { event: [1] } })).toBe(true);
    });
  });

  describe('bounds', () => {
    it('sends more ids than MAX_IDS as ANY, and more spans than MAX_SPANS as the one covering them', () => {
      const writes = Array.from({ length: MAX_IDS + 1 }, (_, i) => eventsWritten([{ id: i, before: null, after: state(i, i) }]));
      const merged = mergeWrites(writes) as ScopedWrite;
      expect(merged.posts.event).toBe(ANY);
      expect(merged.spans).toEqual([[-DAY, MAX_IDS * DAY + DAY]]);
      expect(MAX_SPANS).toBeLessThan(MAX_IDS);
      expect(encodeScope(merged).length).toBeLessThan(1_000);
      expect(mergeWrites([...writes.slice(0, 2), ALL])).toBe(ALL);
    });
  });

  describe('the wire format', () => {
    it('carries a scope, open ends included', () => {
      const write: ScopedWrite = { posts: { event: [1, 2], term: ANY }, spans: [[-Infinity, 5]], links: { venue: [3] } };
      expect(decodeScope(encodeScope(write))).toEqual(write);
      expect(decodeScope(encodeScope(ALL))).toBe(ALL);
    });

    it('reads anything else as ALL', () => {
      for (const text of ['', '0b6f0c9e-uuid', '{"p":{},"s":[[1]],"l":{}}', '{"p":{"event":["x"]},"s":[],"l":{}}', 'null', '[]']) {
        expect(decodeScope(text)).toBe(ALL);
      }
    });
  });
});
