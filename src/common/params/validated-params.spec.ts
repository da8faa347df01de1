import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { APP_FILTER, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import request from 'supertest';
import { App } from 'supertest/types';
import { IsInt, IsString } from 'class-validator';
import { APP_CONFIG } from '../../config/app-config';
import { loadConfig } from '../../config/load-config';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ApiError } from '../errors/api-error';
import { Arg } from './arg-spec';
import { ArgsPipe } from './args.pipe';
import { ValidatedParamsCheck, findUnvalidatedParams } from './validated-params';

/** What `nest g resource series` writes: a DTO class without rules, then one with rules. */
class CreateSeriesDto {}

class RuledSeriesDto {
  @IsString({ message: 'Must be a string.' })
  name!: string;

  @IsInt({ message: 'Must be an integer.' })
  size!: number;
}

class SeriesQuery {
  @Arg({ name: 'per_page', type: 'integer', description: 'Items per page' })
  perPage?: number;
}

@Controller('series')
class GeneratedController {
  @Post()
  create(@Body() dto: CreateSeriesDto): CreateSeriesDto {
    return dto;
  }

  @Get(':id')
  findOne(@Param('id') id: string): string {
    return id;
  }

  @Get()
  list(@Query() query: SeriesQuery): SeriesQuery {
    return query;
  }
}

@Controller('loose')
class LooseController {
  @Post()
  create(@Body() body: Record<string, unknown>): unknown {
    return body;
  }

  @Get()
  list(@Query('page') page: string): string {
    return page;
  }
}

const pipe = new ArgsPipe(loadConfig({}));

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; data: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('@Body() and @Query() are never silently unvalidated', () => {
  it('strips every field of a body whose DTO declares no rule (a freshly generated resource)', async () => {
    const dto = await pipe.transform({ name: 'x', isAdmin: true }, { type: 'body', metatype: CreateSeriesDto });
    expect(dto).toBeInstanceOf(CreateSeriesDto);
    expect(dto).toEqual({});
  });

  it('validates a class-validator DTO, strips unknown fields, and answers rest_invalid_param naming each field', async () => {
    const dto = await pipe.transform({ name: 'Box', size: 2, extra: 1 }, { type: 'body', metatype: RuledSeriesDto });
    expect(dto).toEqual(Object.assign(new RuledSeriesDto(), { name: 'Box', size: 2 }));
    const error = await errorOf(pipe.transform({ name: 5, size: '2' }, { type: 'body', metatype: RuledSeriesDto }));
    expect(error.code).toBe('rest_invalid_param');
    // No implicit conversion: "2" is not the integer 2.
    expect(error.data.params).toEqual({ name: { text: 'Must be a string.' }, size: { text: 'Must be an integer.' } });
  });

  it('reads @Query() into an @Arg DTO from the query string only', async () => {
    expect(await pipe.transform({ per_page: '5', other: 'x' }, { type: 'query', metatype: SeriesQuery })).toEqual(
      Object.assign(new SeriesQuery(), { perPage: 5 }),
    );
    const error = await errorOf(pipe.transform({ per_page: 'x' }, { type: 'query', metatype: SeriesQuery }));
    expect(error).toEqual({ code: 'rest_invalid_param', data: { params: { per_page: { text: 'Must be an integer.' } }, details: [] } });
  });

  it('refuses, per request, a body or query without a DTO class', async () => {
    await expect(pipe.transform({ a: 1 }, { type: 'body', metatype: Object })).rejects.toThrow(/@Body\(\) has no DTO class/);
    await expect(pipe.transform('1', { type: 'query', metatype: String, data: 'page' })).rejects.toThrow(
      /@Query\('page'\) reads one field/,
    );
    expect(await pipe.transform('7', { type: 'param', metatype: String, data: 'id' })).toBe('7');
  });

  it('finds, at boot, every handler whose body or query has no DTO class', () => {
    expect(findUnvalidatedParams([GeneratedController])).toEqual([]);
    expect(findUnvalidatedParams([LooseController])).toEqual([
      'LooseController.create: @Body() has no DTO class',
      "LooseController.list: @Query('page') reads one field without a DTO",
    ]);
  });

  it('refuses to start an app with such a handler', async () => {
    const build = (controller: Function) =>
      Test.createTestingModule({
        imports: [DiscoveryModule],
        controllers: [controller as never],
        providers: [ValidatedParamsCheck, { provide: APP_CONFIG, useValue: loadConfig({}) }],
      }).compile();
    const good = (await build(GeneratedController)).createNestApplication({ logger: false });
    await expect(good.init()).resolves.toBe(good);
    await good.close();
    const bad = (await build(LooseController)).createNestApplication({ logger: false });
    await expect(bad.init()).rejects.toThrow(/LooseController\.create: @Body\(\) has no DTO class/);
  });

  it('strips and validates over HTTP when the pipe is the global APP_PIPE, as in the app', async () => {
    const module = await Test.createTestingModule({
      controllers: [GeneratedController],
      providers: [
        { provide: APP_CONFIG, useValue: loadConfig({}) },
        { provide: APP_PIPE, useClass: ArgsPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    }).compile();
    const app = module.createNestApplication({ logger: false });
    await app.init();
    try {
      const http = app.getHttpServer() as App;
      await request(http).post('/series').send({ name: 'x', isAdmin: true }).expect(201, {});
      await request(http).get('/series?per_page=3&debug=1').expect(200, { perPage: 3 });
      const refused = await request(http).get('/series?per_page=three').expect(400);
      expect(refused.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { per_page: 'Must be an integer.' } } });
      await request(http).get('/series/abc').expect(200, 'abc');
    } finally {
      await app.close();
    }
  });
});
