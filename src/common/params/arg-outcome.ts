import { Message } from '../i18n/message';

/**
 * What the `@Arg` transform leaves on a DTO property when the raw value cannot become the
 * property's value: a required parameter that is absent, or a value with the reason it is invalid.
 * The `@Arg` validation rule refuses both; the pipe turns them into the contract's error bodies.
 */
export class MissingArg {
  static readonly instance = new MissingArg();
  private constructor() {}
}

export class InvalidArg {
  constructor(readonly reason: Message) {}
}

export function isArgProblem(value: unknown): value is MissingArg | InvalidArg {
  return value instanceof MissingArg || value instanceof InvalidArg;
}
