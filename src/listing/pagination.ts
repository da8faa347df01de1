import { AppConfig } from '../config/app-config';

export interface PageRequest {
  readonly page: number;
  /** The effective page size: the default when absent, silently lowered to MAX_PER_PAGE. */
  readonly perPage: number;
  readonly offset: number;
}

export function resolvePage(
  page: number | undefined,
  perPage: number | undefined,
  config: Pick<AppConfig, 'defaultPerPage' | 'maxPerPage'>,
): PageRequest {
  const effectivePage = page ?? 1;
  const effectivePerPage = Math.min(perPage ?? config.defaultPerPage, config.maxPerPage);
  return { page: effectivePage, perPage: effectivePerPage, offset: (effectivePage - 1) * effectivePerPage };
}

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}
