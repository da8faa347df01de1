import { DynamicModule, ForwardReference } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import 'reflect-metadata';

/**
 * The controller classes of a module tree, read from the module metadata without instantiating
 * anything (no database). The unit specs use it to build the route catalog as the running app
 * does with Nest's DiscoveryService.
 */
export function controllersOf(root: unknown): Function[] {
  const seen = new Set<unknown>();
  const found: Function[] = [];
  const visit = (entry: unknown): void => {
    if (!entry || seen.has(entry) || entry instanceof Promise) return;
    seen.add(entry);
    if (typeof entry === 'object' && 'forwardRef' in entry) return visit((entry as ForwardReference<() => unknown>).forwardRef());
    const dynamic = typeof entry === 'object' ? (entry as DynamicModule) : undefined;
    const module = dynamic ? dynamic.module : (entry as Function);
    const read = (key: string) => (Reflect.getMetadata(key, module) as unknown[] | undefined) ?? [];
    for (const controller of [...read(MODULE_METADATA.CONTROLLERS), ...(dynamic?.controllers ?? [])]) {
      if (typeof controller === 'function' && !found.includes(controller)) found.push(controller);
    }
    for (const imported of [...read(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])]) visit(imported);
  };
  visit(root);
  return found;
}
