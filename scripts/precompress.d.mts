export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
export function precompress(distDir: string): Promise<{ files: number; written: number; saved: number }>;
