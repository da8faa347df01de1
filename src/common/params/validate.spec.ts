import { loadConfig } from '../../config/load-config';
import { ApiError } from '../errors/api-error';
import { getArgSpecs } from './arg-spec';
import { ArgsPipe } from './args.pipe';
import {
  ValidateBoolean,
  ValidateEnum,
  ValidateInteger,
  ValidateList,
  ValidateSiteDate,
  ValidateTruthyWord,
  ValidateUntyped,
} from './validate';

class FilterQuery {
  @ValidateInteger({ name: 'per_page', default: '10', description: 'Items per page', min: 1 })
  perPage?: number;

  @ValidateBoolean({ name: 'featured', description: 'Featured only' })
  featured?: boolean;

  @ValidateTruthyWord({ name: 'has_events', description: 'With events only' })
  hasEvents?: boolean;

  @ValidateList({ name: 'include', items: 'integer', description: 'Ids' })
  include?: number[];

  @ValidateSiteDate({ name: 'start_date', description: 'From' })
  startDate?: { toISO(): string };

  @ValidateEnum({ name: 'order', values: ['asc', 'desc'], description: 'Order' })
  order?: string;

  @ValidateUntyped({ name: 'context', default: 'view', applyDefault: true, description: 'Context' })
  context?: unknown;
}

const pipe = new ArgsPipe(loadConfig({ SITE_TIMEZONE: 'Europe/Berlin' }));
const read = (query: Record<string, unknown>) =>
  pipe.validateArgs(FilterQuery, { path: {}, query, body: undefined }, new Date('2030-06-01T12:00:00Z'));

async function reasons(query: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    await read(query);
  } catch (error) {
    if (error instanceof ApiError) return error.data.params as Record<string, unknown>;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('the project parameter decorators', () => {
  it('publish the types and defaults the specification writes, untyped ones without a type', () => {
    expect(getArgSpecs(FilterQuery).map((spec) => [spec.name, spec.type, spec.default])).toEqual([
      ['per_page', 'integer', '10'],
      ['featured', 'boolean', undefined],
      ['has_events', undefined, undefined],
      ['include', 'array', undefined],
      ['start_date', undefined, undefined],
      ['order', 'string', undefined],
      ['context', undefined, 'view'],
    ]);
  });

  it('read comma lists, a[]= arrays, boolean words, site-zone dates; apply only applied defaults', async () => {
    expect(await read({ include: '3, 4', featured: 'TRUE', has_events: 'whatever', start_date: '2030-01-02 10:00' })).toEqual(
      Object.assign(new FilterQuery(), {
        include: [3, 4],
        featured: true,
        hasEvents: false,
        startDate: expect.objectContaining({ zoneName: 'Europe/Berlin', hour: 10 }) as unknown,
        context: 'view',
      }),
    );
    expect(await read({ include: ['5', 6], has_events: 'yes' })).toMatchObject({ include: [5, 6], hasEvents: true });
  });

  it('refuse what WordPress refuses, naming every parameter in declaration order', async () => {
    expect(await reasons({ order: 'up', include: 'a', featured: 'yes', per_page: '0' })).toEqual({
      per_page: { text: 'Must be at least %s.', args: [1] },
      featured: { text: 'Must be a boolean: true, false, 1 or 0.' },
      include: { text: '"%s" is not an integer.', args: ['a'] },
      order: { text: 'Must be one of: %s.', args: ['asc, desc'] },
    });
  });
});
