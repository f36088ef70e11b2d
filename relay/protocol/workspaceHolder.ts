import { z } from 'zod';

import { plain } from './text';

/**
 * The browser a window runs in, as the relay read it from the User-Agent of the window's handshake: proper names
 * ("Chrome", "Android"), shown by the console in its own words ("Chrome on Android"). Either is absent when unknown.
 */
export const windowDeviceSchema = z.object({
  browser: plain(z.string().min(1).max(40)).optional(),
  os: plain(z.string().min(1).max(40)).optional(),
});
export type WindowDevice = z.infer<typeof windowDeviceSchema>;

/**
 * The window holding a workspace lock: since when, on which device, and when it last drove the workspace (attached,
 * sent, answered, interrupted, changed a setting). `device` and `lastActiveAt` were added later (absent from older
 * relays).
 */
export const workspaceHolderSchema = z.object({
  since: z.string(),
  device: windowDeviceSchema.optional(),
  lastActiveAt: z.string().optional(),
});
export type WorkspaceHolder = z.infer<typeof workspaceHolderSchema>;
