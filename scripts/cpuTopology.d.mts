export function describeTopology(siblingLists: readonly string[]): string;
export function cpuTopology(count?: number, read?: (file: string) => string): string;
export function machineName(): string;
