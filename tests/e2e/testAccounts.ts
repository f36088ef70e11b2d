/** The internal (cheetah) account the e2e server creates with the operator command before the relay starts. */
export const E2E_CHEETAH = { email: 'ops@corp.example', password: 'CorrectHorse9', username: 'Ops Engineer' };
