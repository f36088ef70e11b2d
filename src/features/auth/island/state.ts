import type { ClientConfigResponse, LoginPermission } from '#protocol/auth';

/**
 * What the sign-in island (signinIsland.ts) hands to the app when it wakes. One module instance per page, shared by
 * the island's chunk and the app's.
 */
export const signinIsland: {
  /** The island's permission request (the raw answer, not yet validated): the app's first permission query reuses it. */
  request: Promise<unknown> | null;
  /**
   * The permission the island validated and drew, and when it was fetched, with the client config when Feishu is
   * allowed and the config came: the sign-in page hydrates from them.
   */
  drawn: { permission: LoginPermission; at: number; config: { data: ClientConfigResponse['data']; at: number } | null } | null;
} = { request: null, drawn: null };
