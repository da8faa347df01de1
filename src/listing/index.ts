export * from './list-links';
export * from './list-page';
export * from './pagination';
