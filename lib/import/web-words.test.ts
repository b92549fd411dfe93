import { describe, expect, it } from 'vitest';
import { inWebWords } from './web-words';
import { UndetectedFormatError } from './detect-format';

describe('inWebWords', () => {
  it('names the checkbox instead of --skip-invalid, in the message the import job writes', () => {
    expect(inWebWords('3 invalid records: nothing was imported (use --skip-invalid to import the valid ones).')).toBe(
      '3 invalid records: nothing was imported (tick “Skip invalid records” to import the valid ones).',
    );
  });

  it('drops the --format names from a format list, and leaves other text alone', () => {
    expect(inWebWords(`${new UndetectedFormatError('x.bin', false).message}: nothing was imported.`)).toBe(
      `${new UndetectedFormatError('x.bin', false).describeFor('web')}: nothing was imported.`,
    );
    expect(inWebWords('line 2: b (s2) is empty')).toBe('line 2: b (s2) is empty');
    expect(
      inWebWords(
        'line 1: cannot tell which columns hold the two texts; give a column mapping such as a=sentence1,b=sentence2 (columns: x, y)',
      ),
    ).toBe('line 1: cannot tell which columns hold the two texts; choose the columns of Text A and Text B (columns: x, y)');
  });
});
