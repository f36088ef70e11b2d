export * from './auth';
export * from './http';
export * from './changelog';
