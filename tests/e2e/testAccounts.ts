/** The internal (cheetah) account the e2e server creates with the operator command before the relay starts. */
export const E2E_CHEETAH = { email: 'ops@corp.example', password: 'CorrectHorse9', username: 'Ops Engineer' };
/** A second internal account for the Chinese run: each run locks its own account at the end. */
export const E2E_CHEETAH_ZH = { email: 'ops-zh@corp.example', password: 'CorrectHorse9', username: '运维工程师' };
