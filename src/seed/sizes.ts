/** The sizes of `npm run cli -- seed` and `npm run bench` unless told otherwise (issue #7). */
export const DEFAULT_SEED_SIZES = { events: 100_000, venues: 2_000, organizers: 1_000, categories: 100, tags: 500, media: 2_000 };

export type SeedSizes = typeof DEFAULT_SEED_SIZES;
