import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Request } from 'express';
import { AppModule } from '../app.module';
import { ERRORS } from '../common/errors/error-codes';
import { CATALOGS } from '../common/i18n/catalogs';
import { loadConfig } from '../config/load-config';
import { servers } from './doc.controller';
import { controllersOf } from './module-controllers';
import { presentNamespaceIndex } from './namespace-index.presenter';
import { buildOpenApiDocument } from './openapi';
import { buildRouteCatalog } from './route-catalog';
import { translator } from './texts';
import { scanControllerClasses } from '../../test/support/swagger-scan';

/**
 * Every English text a client can receive has a de_DE and an fr_FR entry: error messages, the
 * reasons of parameter validation (every `msg('...')` and class-validator `message: '...'` in
 * src), every @Arg description of every route and every text of the index and /doc.
 */

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const LITERAL = String.raw`(['"\x60])((?:\\.|(?!\1)[^\\])*)\1`;

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

function sourceTexts(): { texts: Set<string>; interpolated: string[] } {
  const texts = new Set<string>();
  const interpolated: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of [new RegExp(String.raw`\bmsg\(\s*` + LITERAL, 'g'), new RegExp(String.raw`\bmessage:\s*` + LITERAL, 'g')]) {
      for (const match of source.matchAll(pattern)) {
        if (match[1] === '`' && match[2].includes('${')) interpolated.push(`${file}: ${match[0]}`);
        else texts.add(unescape(match[2]));
      }
    }
  }
  return { texts, interpolated };
}

async function discoveryTexts(): Promise<Set<string>> {
  const config = loadConfig({});
  const controllers = controllersOf(AppModule.forRoot(config));
  const routes = buildRouteCatalog(controllers);
  const texts = new Set<string>();
  const t = translator('en_US', (text) => texts.add(text));
  const request = { host: 'elsewhere.test:8080', protocol: 'http' } as Request;
  buildOpenApiDocument(routes, await scanControllerClasses(controllers), servers(request, config, t), t);
  presentNamespaceIndex(routes, { namespace: 'calendar/events/v1', restRoot: 'http://x/calendar/events/v1', restBase: 'http://x/' }, t, {
    siteTimezone: 'UTC',
    now: new Date(),
  });
  for (const route of routes) for (const endpoint of route.endpoints) for (const arg of endpoint.args) texts.add(arg.description);
  return texts;
}

describe('the de_DE and fr_FR catalogs', () => {
  const { texts: literals, interpolated } = sourceTexts();
  let all: string[] = [];
  beforeAll(async () => {
    all = [...new Set([...Object.values(ERRORS).map((error) => error.message), ...literals, ...(await discoveryTexts())])].sort();
  });

  it('finds the texts to translate', () => {
    expect(all.length).toBeGreaterThan(150);
    expect(all).toEqual(expect.arrayContaining(['Invalid parameter(s): %s', 'The archive page to return', 'List events']));
  });

  it.each(['de_DE', 'fr_FR'] as const)('%s translates every English text a client can receive', (locale) => {
    const missing = all.filter((text) => !CATALOGS[locale][text]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(['de_DE', 'fr_FR'] as const)('%s keeps the placeholders of every template', (locale) => {
    const count = (text: string) => text.match(/%s/g)?.length ?? 0;
    const broken = Object.entries(CATALOGS[locale]).filter(([english, translated]) => count(english) !== count(translated));
    expect(broken).toEqual([]);
  });

  it('finds no message built by interpolation (a catalog key must be a fixed template)', () => {
    expect(interpolated).toEqual([]);
  });
});
