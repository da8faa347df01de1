import { LoggerService } from '@nestjs/common';

/**
 * The CLI's lines on stderr: warnings and errors only, one line each, no stack (a command's
 * output is read by people and scripts). Nest's "ExceptionHandler" line is left out: cli.ts
 * reports the error that ends the command itself.
 */
export class CliLogger implements LoggerService {
  constructor(private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  log(): void {}

  warn(message: unknown): void {
    this.write(`warning: ${String(message)}`);
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes (message, stack?, context?): the context is last.
    if (rest[rest.length - 1] === 'ExceptionHandler') return;
    this.write(`error: ${String(message)}`);
  }
}
