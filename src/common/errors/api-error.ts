import { Message, msg } from '../i18n/message';
import { ERRORS, ErrorCode } from './error-codes';

/** Values that may appear in an error's `data` besides `status`; messages are translated on output. */
export type ErrorDataValue = string | number | boolean | null | Message | ErrorDataValue[] | { [key: string]: ErrorDataValue };

/**
 * The one exception type services throw. It becomes the WordPress error body
 * `{code, message, data: {status, ...data}}` in the global filter.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly body: Message = msg(ERRORS[code].message),
    readonly data: Record<string, ErrorDataValue> = {},
    options: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.status = options.status ?? ERRORS[code].status;
    this.headers = options.headers ?? {};
  }

  static of(code: ErrorCode, ...args: (string | number)[]): ApiError {
    return new ApiError(code, msg(ERRORS[code].message, ...args));
  }

  /** 400 rest_invalid_param with one reason per parameter (CONTRACT §2.1). */
  static invalidParams(reasons: Record<string, Message>): ApiError {
    return new ApiError('rest_invalid_param', msg(ERRORS.rest_invalid_param.message, Object.keys(reasons).join(', ')), {
      params: reasons,
      details: [],
    });
  }

  static invalidParam(name: string, reason: Message): ApiError {
    return ApiError.invalidParams({ [name]: reason });
  }

  /** 400 rest_missing_callback_param naming every missing parameter in declaration order. */
  static missingParams(names: string[]): ApiError {
    return new ApiError('rest_missing_callback_param', msg(ERRORS.rest_missing_callback_param.message, names.join(', ')), {
      params: names,
    });
  }

  /** 401 for anonymous writes, 403 for a signed-in user without the right (CONTRACT §2.4). */
  static forbidden(authenticated: boolean, realm = 'Events Calendar'): ApiError {
    return authenticated
      ? new ApiError('rest_forbidden')
      : new ApiError('rest_forbidden', undefined, {}, { status: 401, headers: { 'WWW-Authenticate': `Basic realm="${realm}"` } });
  }
}
