export const RELAY_NODE_FLAGS: readonly string[];
