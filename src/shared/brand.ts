/** Everything that names the product lives here so that a rename touches one file. */
export const brand = {
  name: 'Tern',
  nameZh: '燕鸥',
  cli: 'tern',
  cloudCommand: 'tern --cloud',
  npmPackage: 'tern',
  loginMethod: 'tern',
  loginSuccessMessage: 'TERN_LOGIN_SUCCESS',
  loginErrorMessage: 'TERN_LOGIN_ERROR',
  supportEmail: 'support@tern.dev',
  github: 'https://github.com/tern-dev',
  storagePrefix: 'tern',
} as const;
