import { pageSpan, shownPosts, windowSpan } from './event-read-deps';

const bound = (iso: string) => ({ instant: new Date(iso), wallClock: '' });

describe('what remembered event reads depend on (issue #14)', () => {
  it('takes the latest lower and the earliest upper bound of a window, open where none is given', () => {
    expect(windowSpan({ start_date: bound('2030-01-01T00:00:00Z'), ends_after: bound('2030-02-01T00:00:00Z') })).toEqual([
      Date.parse('2030-02-01T00:00:00Z'),
      Infinity,
    ]);
    expect(windowSpan({ end_date: bound('2030-03-01T00:00:00Z'), starts_before: bound('2030-02-01T00:00:00Z') })).toEqual([
      -Infinity,
      Date.parse('2030-02-01T00:00:00Z'),
    ]);
    expect(windowSpan({})).toEqual([-Infinity, Infinity]);
  });

  it("narrows a full page to its last item's start, and keeps the window for a page that is not full", () => {
    const starts = [new Date('2030-01-02T00:00:00Z'), new Date('2030-01-05T00:00:00Z')];
    expect(pageSpan([0, Infinity], starts, true)).toEqual([0, starts[1].getTime()]);
    expect(pageSpan([0, Infinity], starts, false)).toEqual([0, Infinity]);
    expect(pageSpan([0, 5], starts, true)).toEqual([0, 5]);
  });

  it('lists the events, terms, venues and organizers event views show', () => {
    const view = (id: number, venue: unknown) => ({ id, categories: [{ id: 1 }], tags: [{ id: 2 }], venue, organizer: [{ id: 9 }] });
    expect(shownPosts([view(5, { id: 7 }), view(6, [{ id: 8 }, { id: 7 }]), view(4, [])])).toEqual({
      event: [5, 6, 4],
      term: [1, 2, 1, 2, 1, 2],
      venue: [7, 8, 7],
      organizer: [9, 9, 9],
    });
  });
});
