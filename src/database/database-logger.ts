import { Logger } from '@nestjs/common';
import { AbstractLogger, LogLevel, LogMessage } from 'typeorm';

/**
 * TypeORM's messages (as many as the `logging` option lets through: warnings, migrations) as Nest
 * log lines, so that they reach the JSON log with the rest instead of the console in plain text.
 */
export class DatabaseLogger extends AbstractLogger {
  private readonly logger = new Logger('Database');

  protected writeLog(level: LogLevel, logMessage: LogMessage | string | number | (LogMessage | string | number)[]): void {
    // Parameters are left out: a failed statement's values may be a user's data.
    for (const { prefix, message } of this.prepareLogMessages(logMessage, { highlightSql: false, appendParameterAsComment: false })) {
      const text = prefix ? `${prefix} ${message}` : String(message);
      if (level === 'error') this.logger.error(text);
      else if (level === 'warn') this.logger.warn(text);
      else this.logger.log(text);
    }
  }
}
