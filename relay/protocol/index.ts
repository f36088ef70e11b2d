export * from './auth';
export * from './http';
export * from './changelog';
export * from './billing';
export * from './account';
export * from './usage';
export * from './remote';
export * from './pairing';
