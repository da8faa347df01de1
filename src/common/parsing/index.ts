export * from './parse-result';
export * from './integer';
export * from './boolean';
export * from './list';
export * from './string';
export * from './timezone';
export * from './date-input';
export * from './wall-clock';
