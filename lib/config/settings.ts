/**
 * Every environment variable Paralens reads, in one catalogue (app-settings.ts, test-settings.ts):
 * its group, its default, what it
 * means and a zod schema that parses it. Code reads a variable only through `setting(name, env)`;
 * a scan test (settings-usage.test.ts) fails on any other read. The README's configuration tables
 * are generated from this catalogue (`npm run docs:config`; readme-tables.test.ts fails when they
 * differ), and the launcher and the CLI check every variable at start-up (`configProblems`) so a
 * bad value stops them with the variable's name instead of being silently replaced by a default.
 *
 * An empty (or blank) value counts as unset (the end-to-end setup passes `DATABASE_URL=` to ask for the
 * embedded database). Pure: no Next.js, Prisma or file access.
 */
import type { z } from 'zod';
import { APP_SETTINGS } from './app-settings';
import type { Env, Setting, SettingGroup } from './schemas';
import { TEST_SETTINGS } from './test-settings';

export type { Env, SettingGroup } from './schemas';

export const SETTINGS = { ...APP_SETTINGS, ...TEST_SETTINGS } as const;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<K extends SettingName> = z.output<(typeof SETTINGS)[K]['schema']>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
    readonly value: string,
    readonly hint = 'Fix it, or unset it for the default (README, Configuration).',
  ) {
    super(`${variable}=${value} ${problem}.`);
    this.name = 'ConfigError';
  }
}

function rawValue(name: SettingName, env: Env): { name: string; value: string | undefined } {
  const setting: Setting<z.ZodType> = SETTINGS[name];
  for (const candidate of [name, ...(setting.aliases ?? [])]) {
    const value = env[candidate];
    if (value !== undefined && value.trim() !== '') return { name: candidate, value };
  }
  return { name, value: undefined };
}

/** One variable, parsed; throws ConfigError naming it when its value is not acceptable. */
export function setting<K extends SettingName>(name: K, env: Env = process.env): SettingValue<K> {
  const raw = rawValue(name, env);
  const parsed = SETTINGS[name].schema.safeParse(raw.value);
  if (!parsed.success) {
    const { hint } = SETTINGS[name] as Setting<z.ZodType>;
    throw new ConfigError(
      raw.name,
      parsed.error.issues[0]?.message ?? 'is not acceptable',
      raw.value ?? '',
      ...(hint ? [hint] : []),
    );
  }
  return parsed.data as SettingValue<K>;
}

/** Every variable of the given groups with an unacceptable value (start-up checks). */
export function configProblems(env: Env = process.env, groups: readonly SettingGroup[] = ['app']): ConfigError[] {
  const problems: ConfigError[] = [];
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    if (!groups.includes(SETTINGS[name].group)) continue;
    try {
      setting(name, env);
    } catch (error) {
      if (error instanceof ConfigError) problems.push(error);
      else throw error;
    }
  }
  return problems;
}

/** The Markdown table of one group (the README's configuration tables are these, verbatim). */
export function configTable(group: SettingGroup): string {
  const rows = (Object.keys(SETTINGS) as SettingName[])
    .filter((name) => SETTINGS[name].group === group)
    .map((name) => {
      const s: Setting<z.ZodType> = SETTINGS[name];
      const names = [name, ...(s.aliases ?? []).filter((a) => a.toUpperCase() !== name)].map((n) => `\`${n}\``).join(' or ');
      return `| ${names} | ${s.default} | ${s.meaning} |`;
    });
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
