import type { PermissionState } from './timeline';

export type PermissionPreview = NonNullable<PermissionState['preview']>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * What the approval card shows: the CLI's `preview` when the request carries one, otherwise what the tool's raw input
 * tells (an older or third-party CLI): an edit's old and new text, a write's content, a command, a URL. Null when the
 * input says nothing the card can show; the summary and the raw input stay.
 */
export function permissionPreview(permission: Pick<PermissionState, 'preview' | 'input'>): PermissionPreview | null {
  if (permission.preview) return permission.preview;
  const input = permission.input;
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  const command = str(fields.command);
  if (command) return { kind: 'command', command, cwd: str(fields.cwd) ?? '' };
  const url = str(fields.url);
  if (url) return { kind: 'url', url };
  const path = str(fields.path) ?? str(fields.file_path);
  if (!path) return null;
  const oldText = str(fields.old_string) ?? str(fields.old_text);
  const newText = str(fields.new_string) ?? str(fields.new_text);
  if (oldText !== undefined && newText !== undefined) return { kind: 'diff', path, oldText, newText };
  const content = str(fields.content);
  if (content !== undefined) return { kind: 'diff', path, oldText: '', newText: content };
  return null;
}
