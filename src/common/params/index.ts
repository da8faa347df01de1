export * from './arg-spec';
export * from './args.decorator';
export * from './args.pipe';
export * from './derive';
export * from './parse-arg';
export * from './path-id';
