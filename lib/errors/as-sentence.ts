/**
 * A clause as a sentence: the first letter upper-cased and a full stop. The import and file checks
 * write their messages as clauses (the command line prints them after `paralens <command>: `); the
 * API and the screens show them as sentences.
 */
export const asSentence = (clause: string): string => `${clause[0]!.toUpperCase()}${clause.slice(1)}.`;
