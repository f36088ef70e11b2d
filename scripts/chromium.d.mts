export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
}
export const chromiumPath: string;
export const headlessShellPath: string;
export const chromiumArgs: string[];
export const chromiumLaunch: ChromiumLaunch;
export const shellLaunch: ChromiumLaunch;
