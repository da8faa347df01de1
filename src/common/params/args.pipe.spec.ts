import { IsEmail } from 'class-validator';
import { AppConfig } from '../../config/app-config';
import { loadConfig } from '../../config/load-config';
import { ApiError } from '../errors/api-error';
import { Arg } from './arg-spec';
import { ArgsPipe } from './args.pipe';
import { PartialArgs } from './derive';

class CreateThingDto {
  @Arg({ type: 'string', required: true, in: 'body', description: 'The name' })
  name!: string;

  @Arg({ type: 'integer', required: true, in: 'body', description: 'The size' })
  size!: number;

  @Arg({ type: 'boolean', default: false, applyDefault: true, in: 'body', description: 'Whether it is big' })
  big?: boolean;

  @Arg({ type: 'string', in: 'body', description: 'Where to write', clearable: true })
  @IsEmail({}, { message: 'Must be a valid e-mail address.' })
  email?: string | null;

  @Arg({ type: 'string', enum: ['asc', 'desc'], in: 'query', description: 'Order' })
  order?: string;
}

class UpdateThingDto extends PartialArgs(CreateThingDto) {
  @Arg({ type: 'integer', required: true, in: 'path', description: 'The id' })
  id!: number;
}

const config: AppConfig = loadConfig({});
const pipe = new ArgsPipe(config);

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; data: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('ArgsPipe', () => {
  it('parses every declared parameter and applies declared defaults', async () => {
    const dto = await pipe.validateArgs(CreateThingDto, { path: {}, query: { order: 'asc' }, body: { name: 'Box', size: '3' } });
    expect(dto).toEqual(Object.assign(new CreateThingDto(), { name: 'Box', size: 3, big: false, order: 'asc' }));
  });

  it('names every missing required parameter in declaration order, before any invalid one', async () => {
    const error = await errorOf(pipe.validateArgs(CreateThingDto, { path: {}, query: { order: 'sideways' }, body: {} }));
    expect(error).toEqual({ code: 'rest_missing_callback_param', data: { params: ['name', 'size'] } });
  });

  it('gives one specific reason per invalid parameter, in declaration order', async () => {
    const error = await errorOf(
      pipe.validateArgs(CreateThingDto, {
        path: {},
        query: { order: 'sideways' },
        body: { name: 'Box', size: 'big', big: 'yes', email: 'nope' },
      }),
    );
    expect(error.code).toBe('rest_invalid_param');
    expect(Object.keys(error.data.params as object)).toEqual(['size', 'big', 'email', 'order']);
    expect(error.data.params).toMatchObject({
      size: { text: 'Must be an integer.' },
      email: { text: 'Must be a valid e-mail address.' },
      order: { text: 'Must be one of: %s.', args: ['asc, desc'] },
    });
  });

  it('lets the body win over the query string, and the path alone identify the resource', async () => {
    const dto = await pipe.validateArgs(UpdateThingDto, {
      path: { id: '7' },
      query: { name: 'Query', id: '8' },
      body: { name: 'Body', id: 9 },
    });
    expect(dto).toMatchObject({ id: 7, name: 'Body' });
  });

  it('makes update DTOs partial without applying defaults, and clears clearable fields with null or ""', async () => {
    const dto = await pipe.validateArgs(UpdateThingDto, { path: { id: '7' }, query: {}, body: { email: '' } });
    expect(dto).toEqual(Object.assign(new UpdateThingDto(), { id: 7, email: null }));
    expect('big' in dto).toBe(false);
  });

  it('ignores unknown parameters', async () => {
    const dto = await pipe.validateArgs(CreateThingDto, { path: {}, query: {}, body: { name: 'Box', size: 1, colour: 'red' } });
    expect('colour' in dto).toBe(false);
  });

  it('treats null as absent for parameters that are not clearable', async () => {
    const error = await errorOf(pipe.validateArgs(CreateThingDto, { path: {}, query: {}, body: { name: null, size: 1 } }));
    expect(error).toEqual({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
  });
});
