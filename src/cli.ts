import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { UserInputError } from './auth/users.service';
import { CliModule } from './cli/cli.module';
import { CommanderError, buildProgram } from './cli/commands';
import { ConfigError, loadConfig } from './config/load-config';
import { CliLogger } from './cli/cli-logger';
import { isConnectionError } from './common/errors/connection-errors';

/** `npm run cli -- <command>`: exits 0 on success, 1 on a usage error, 2 on refused input. */
async function main(argv: string[]): Promise<number> {
  let app: INestApplicationContext | undefined;
  const context = async () => {
    // abortOnError: a failure to start (the database unreachable) reaches the catch below, not process.abort().
    app ??= await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig()), { logger: new CliLogger(), abortOnError: false });
    return app;
  };
  try {
    await buildProgram(context, { out: (line) => process.stdout.write(`${line}\n`) }).parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    if (error instanceof UserInputError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    if (isConnectionError(error)) {
      process.stderr.write(`error: cannot use the database: ${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await app?.close();
  }
}

main(process.argv).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
