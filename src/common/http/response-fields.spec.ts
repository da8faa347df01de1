import { fieldTree, pickFields, requestedFields } from './response-fields';

// WordPress's rest_filter_response_fields and _rest_array_intersect_key_recursive, case by case.
describe('_fields', () => {
  const event = { id: 7, title: 'Gig', venue: { id: 3, venue: 'Hall', city: 'Oslo' }, categories: [{ id: 1 }, { id: 2 }] };

  it('reads a comma or space separated list, or an array, and ignores an empty one', () => {
    expect(requestedFields({ query: { _fields: ' id, title  venue.city,' }, body: undefined })).toEqual(['id', 'title', 'venue.city']);
    expect(requestedFields({ query: { _fields: ['id', 'title', { x: 1 }] }, body: undefined })).toEqual(['id', 'title']);
    expect(requestedFields({ query: { _fields: ' , ' }, body: undefined })).toBeUndefined();
    expect(requestedFields({ query: {}, body: undefined })).toBeUndefined();
  });

  it("prefers the body's list to the query's, as WordPress's parameter order does", () => {
    expect(requestedFields({ query: { _fields: 'title' }, body: { _fields: 'id' } })).toEqual(['id']);
    expect(requestedFields({ query: { _fields: 'title' }, body: { title: 'x' } })).toEqual(['title']);
  });

  it("keeps the answer's key order, not the list's", () => {
    expect(Object.keys(pickFields(event, fieldTree(['venue', 'title', 'id'])) as object)).toEqual(['id', 'title', 'venue']);
  });

  it('keeps nested keys by dotted names, a whole parent winning over its children either way round', () => {
    expect(pickFields(event, fieldTree(['id', 'venue.city']))).toEqual({ id: 7, venue: { city: 'Oslo' } });
    expect(pickFields(event, fieldTree(['venue', 'venue.city']))).toEqual({ venue: event.venue });
    expect(pickFields(event, fieldTree(['venue.city', 'venue']))).toEqual({ venue: event.venue });
  });

  it('filters a nested list by its indexes, so a key of its items leaves it empty', () => {
    expect(pickFields(event, fieldTree(['categories.id']))).toEqual({ categories: [] });
    expect(pickFields(event, fieldTree(['categories.0.id']))).toEqual({ categories: [{ id: 1 }] });
    expect(pickFields(event, fieldTree(['categories.1']))).toEqual({ categories: { 1: { id: 2 } } });
  });

  it("answers PHP's empty array when nothing named exists", () => {
    expect(pickFields(event, fieldTree(['nothing']))).toEqual([]);
    expect(pickFields(event, fieldTree(['id', 'venue.nothing']))).toEqual({ id: 7, venue: [] });
  });

  it('never changes the answer it filters (remembered answers are frozen)', () => {
    const frozen = Object.freeze({ ...event, venue: Object.freeze({ ...event.venue }) });
    expect(pickFields(frozen, fieldTree(['venue.id']))).toEqual({ venue: { id: 3 } });
    expect(frozen.venue.city).toBe('Oslo');
  });
});
