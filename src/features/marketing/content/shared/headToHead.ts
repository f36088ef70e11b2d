/**
 * The head-to-head figures (spec §2): one definition for both languages, so a translated page can never disagree
 * with the English one about a number.
 */
export type ScoreKey = 'speed' | 'quality' | 'errorHandling' | 'contextUnderstanding' | 'multilingual';

/** Scores out of 10: Claude Code, then Gemini CLI. */
export const scores: readonly { key: ScoreKey; claudeCode: number; geminiCLI: number }[] = [
  { key: 'speed', claudeCode: 7.2, geminiCLI: 8.5 },
  { key: 'quality', claudeCode: 9.1, geminiCLI: 7.8 },
  { key: 'errorHandling', claudeCode: 8.8, geminiCLI: 7.5 },
  { key: 'contextUnderstanding', claudeCode: 7.9, geminiCLI: 9.2 },
  { key: 'multilingual', claudeCode: 8.5, geminiCLI: 8.9 },
];

/** Context window in tokens. */
export const contextWindow = { claudeCode: 200_000, geminiCLI: 1_000_000 } as const;

/** Gemini CLI's free tier with a personal Google account; Claude Code has none. */
export const geminiFreeTier = { perMinute: 60, perDay: 1000 } as const;
