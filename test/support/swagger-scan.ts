import { Test } from '@nestjs/testing';
import { SwaggerScan, scanControllers } from '../../src/discovery/swagger-document';

/**
 * swagger's scan of controller classes without a database: an app of just those controllers,
 * their dependencies stubbed (swagger reads decorators only; no handler runs).
 */
export async function scanControllerClasses(controllers: readonly Function[]): Promise<SwaggerScan> {
  const module = await Test.createTestingModule({ controllers: controllers as never[] })
    .useMocker(() => ({}))
    .compile();
  const app = module.createNestApplication({ logger: false });
  try {
    return scanControllers(app);
  } finally {
    await app.close();
  }
}
