import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { getArgSpecs } from './arg-spec';
import { ARGS_DTO } from './args.decorator';
import { parsePathId } from './path-id';

/**
 * A route whose integer path parameter is not digits is no route (CONTRACT §2.1, §2.2), whoever
 * asks: this runs before the capability guard, so `DELETE /events/abc` is 404 `rest_no_route` to
 * everyone, as to a reader, and not 401 or 403 first. The handler's `@Args()` declaration says
 * which parameters are integers, as it tells the index their `(?P<id>\d+)` patterns. (Express 5
 * paths cannot carry a regex.)
 */
@Injectable()
export class PathIdGuard implements CanActivate {
  private readonly integers = new Map<Function, readonly string[]>();

  canActivate(context: ExecutionContext): boolean {
    const { params } = context.switchToHttp().getRequest<Request>();
    for (const name of this.integerParams(context)) parsePathId(params?.[name]);
    return true;
  }

  private integerParams(context: ExecutionContext): readonly string[] {
    const handler = context.getHandler();
    let names = this.integers.get(handler);
    if (!names) {
      const dto = Reflect.getMetadata(ARGS_DTO, context.getClass().prototype as object, handler.name) as Function | undefined;
      names = dto
        ? getArgSpecs(dto)
            .filter((spec) => spec.in === 'path' && spec.type === 'integer')
            .map((spec) => spec.name)
        : [];
      this.integers.set(handler, names);
    }
    return names;
  }
}
