import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
// The validator is an ES module, which Jest's CommonJS runtime cannot load: it runs in its own Node process.
const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const result = await new Validator().validate(JSON.parse(input));
  process.stdout.write(JSON.stringify(result));
});`;

export interface ValidationResult {
  readonly valid: boolean;
  readonly errors?: unknown;
}

/** Validates an OpenAPI document with @seriousme/openapi-schema-validator (the official JSON schemas). */
export function validateOpenApi(doc: unknown): ValidationResult {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    cwd: ROOT,
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the OpenAPI validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ValidationResult;
}
