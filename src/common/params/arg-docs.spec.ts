import { Controller, Post } from '@nestjs/common';
import { scanControllerClasses } from '../../../test/support/swagger-scan';
import { Args } from './args.decorator';
import { PartialArgs } from './derive';
import { ValidateEnum, ValidateInteger, ValidateText, ValidateTruthyWord } from './validate';

class CreateGadgetDto {
  @ValidateText({ name: 'title', in: 'body', required: true, description: 'The title' })
  title!: string;

  @ValidateEnum({ name: 'mode', values: ['a', 'b'], description: 'The mode', extension: true })
  mode?: string;

  @ValidateTruthyWord({ name: 'loose', description: 'Untyped' })
  loose?: boolean;

  @ValidateInteger({ name: 'size', in: 'body', default: '10', description: 'The size' })
  size?: number;
}

class UpdateGadgetDto extends PartialArgs(CreateGadgetDto, (spec) => (spec.name === 'title' ? { clearable: true } : {})) {
  @ValidateInteger({ name: 'id', in: 'path', required: true, description: 'The id' })
  id!: number;
}

@Controller('gadgets')
class GadgetsController {
  @Post()
  create(@Args() args: CreateGadgetDto): CreateGadgetDto {
    return args;
  }

  @Post(':id')
  update(@Args() args: UpdateGadgetDto): UpdateGadgetDto {
    return args;
  }
}

describe('the swagger side of the parameter declarations', () => {
  it('gives swagger the path and query parameters of @Args(), enums and extensions kept, untyped ones marked', async () => {
    const scan = await scanControllerClasses([GadgetsController]);
    expect(scan.paths['/gadgets/{id}'].post!.parameters).toEqual([
      { name: 'id', in: 'path', description: 'The id', required: true, schema: { type: 'integer' } },
      {
        name: 'mode',
        in: 'query',
        description: 'The mode',
        required: false,
        schema: { type: 'string', enum: ['a', 'b'] },
        'x-extension': true,
      },
      { name: 'loose', in: 'query', description: 'Untyped', required: false, schema: {}, 'x-untyped': true },
    ]);
  });

  it('gives swagger the body fields only, as a schema named after the DTO, with the update flags of PartialArgs', async () => {
    const scan = await scanControllerClasses([GadgetsController]);
    expect(scan.paths['/gadgets'].post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateGadgetDto' } } },
    });
    expect(scan.components!.schemas!.CreateGadgetDto).toEqual({
      type: 'object',
      properties: {
        title: { description: 'The title', type: 'string' },
        size: { description: 'The size', type: 'integer', default: '10' },
      },
      required: ['title'],
    });
    expect(scan.components!.schemas!.UpdateGadgetDto).toEqual({
      type: 'object',
      properties: {
        title: { description: 'The title', type: 'string', nullable: true },
        size: { description: 'The size', type: 'integer', default: '10' },
      },
    });
  });
});
