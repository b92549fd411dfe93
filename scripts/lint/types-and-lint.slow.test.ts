/**
 * scripts/lint/types-and-lint.ts: the program it builds is tsconfig.json's (a type error in a file is
 * found), and typescript-eslint's type-aware rules work on that program when it is handed over
 * (`parserOptions.programs`) instead of a project service of their own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { projectProgram } from './types-and-lint';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-types-and-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  path.join(dir, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { strict: true, noEmit: true, incremental: true, types: [] }, include: ['*.ts'] }),
);
writeFileSync(path.join(dir, 'typed.ts'), 'export const n: number = "one";\n');
writeFileSync(path.join(dir, 'floating.ts'), 'async function f(): Promise<void> {}\nf();\n');

describe('one program for the typecheck and ESLint', () => {
  it("is tsconfig.json's program: the type error is reported", () => {
    const program = projectProgram(dir);
    expect(
      program
        .getRootFileNames()
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(['floating.ts', 'typed.ts']);
    const messages = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    expect(messages).toEqual(["Type 'string' is not assignable to type 'number'."]);
  });

  it('serves the type-aware rules when handed to typescript-eslint', async () => {
    const program = projectProgram(dir);
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        ...tseslint.configs.recommendedTypeChecked,
        { languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
      ] as ESLint.Options['overrideConfig'],
    });
    const [result] = await eslint.lintFiles(['floating.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-floating-promises']);
  });
});
