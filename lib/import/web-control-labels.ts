/** The upload form's controls, named once: the form shows these words and job messages are put in them (web-words.ts). */
export const WEB_CONTROL_LABELS = {
  skipInvalid: 'Skip invalid records',
  format: 'Format',
  tier: 'Tier',
} as const;
