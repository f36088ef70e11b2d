export * from './auth';
export * from './http';
