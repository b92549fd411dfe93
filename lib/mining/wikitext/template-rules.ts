/**
 * The caption cleaner's template table (WikiTextExtractor, seed-code.md §4.3 step 5): about 70
 * template names whose output is kept, each a function of the template's components (component 0
 * is the name as typed). Every other template is deleted. In `paper` mode the table is the
 * original's, quirks included: `{{ship}}` with five components reads the year as the format code,
 * and the rule keyed `SMS` is upper-case, so it is unreachable (names are lower-cased before the
 * lookup). `fixed` mode reads the format code from the fifth component and makes `sms` reachable.
 */
export type TemplateRule = (args: readonly string[]) => string;

const arg = (args: readonly string[], i: number): string => args[i] ?? '';
const joinFrom = (args: readonly string[], from: number, to: number, sep: string): string => args.slice(from, to).join(sep);
const secondOrEmpty: TemplateRule = (s) => (s.length > 1 ? arg(s, 1) : '');
const lastOrEmpty: TemplateRule = (s) => (s.length > 0 ? arg(s, s.length - 1) : '');
const space: TemplateRule = () => ' ';
const nothing: TemplateRule = () => '';
const angled: TemplateRule = (s) => (s.length > 1 ? `<${arg(s, 1)}>` : '');

/** `{{USS|name|id|format}}`-style ship prefixes: component 0 is the prefix as typed. */
const prefixedShip: TemplateRule = (s) => {
  if (s.length === 3) return `${joinFrom(s, 0, 2, ' ')} (${arg(s, 2)})`;
  if (s.length === 4) {
    switch (arg(s, 3)) {
      case '1':
        return arg(s, 2);
      case '2':
        return arg(s, 1);
      case '3':
        return `${arg(s, 1)} (${arg(s, 2)})`;
      case '5':
        return `${arg(s, 0)} ${arg(s, 2)}`;
      case '6':
        return `${arg(s, 0)} ${arg(s, 1)}`;
      default:
        return `${joinFrom(s, 0, 2, ' ')} (${arg(s, 2)})`;
    }
  }
  return s.join(' ');
};

/** `{{ship|prefix|name|id|format}}`; `formatAt` is 3 in the original (the year, a quirk) and 4 when fixed. */
function shipRule(formatAt: 3 | 4): TemplateRule {
  return (s) => {
    if (s.length === 4) return `${joinFrom(s, 1, 3, ' ')} (${arg(s, 3)})`;
    if (s.length === 5) {
      switch (arg(s, formatAt)) {
        case '1':
          return arg(s, 3);
        case '2':
          return arg(s, 2);
        case '3':
          return `${arg(s, 2)} (${arg(s, 3)})`;
        case '5':
          return `${arg(s, 1)} ${arg(s, 3)}`;
        case '6':
          return `${arg(s, 1)} ${arg(s, 2)}`;
        default:
          return `${joinFrom(s, 1, 3, ' ')} (${arg(s, 3)})`;
      }
    }
    return s.join(' ');
  };
}

const station: TemplateRule = (s) =>
  s.length === 3 ? `${arg(s, 1)} railway station (${arg(s, 2)})` : `${arg(s, 1)} railway station`;
const colour: TemplateRule = (s) => (s.length === 3 ? arg(s, 2) : '');
const sclass: TemplateRule = (s) => (s.length === 3 ? `${arg(s, 1)} ${arg(s, 2)}` : '');
const nowrap: TemplateRule = (s) => (s.length > 1 ? joinFrom(s, 1, s.length, '') : '');
const snd: TemplateRule = () => ' - ';

const COMMON: ReadonlyArray<readonly [string, TemplateRule]> = [
  ['sfn', nothing],
  ['=', (s) => arg(s, 0)],
  ['uss', prefixedShip],
  ['hms', prefixedShip],
  ['mv', prefixedShip],
  ['nycs', secondOrEmpty],
  ['angbr', angled],
  ['infix', angled],
  ['grapheme', angled],
  ['ipablink', secondOrEmpty],
  ['circa', (s) => (s.length > 1 ? `${arg(s, 0)} ${arg(s, 1)}` : arg(s, 0))],
  ['interlanguage link', secondOrEmpty],
  ['ill', secondOrEmpty],
  ['convert', (s) => (s.length > 2 ? arg(s, 1) + arg(s, 2) : s.length > 1 ? arg(s, 1) : '')],
  ['cvt', (s) => (s.length > 2 ? arg(s, 1) + arg(s, 2) : s.length > 1 ? arg(s, 1) : '')],
  ['legend', (s) => ` * ${arg(s, s.length - 1)}`],
  ['spaces', space],
  ['nbsp', space],
  ['&nbsp', space],
  ['nbs', space],
  ['nbsp;', space],
  ['space', space],
  ['spcs', space],
  ['ov', (s) => (s.length > 1 ? `${arg(s, 0)}-${arg(s, 1)}` : '')],
  ['nowrap', nowrap],
  ['nowr', nowrap],
  ["'s", () => "'s"],
  ['rp', nothing],
  ['e', (s) => (s.length > 1 ? `e^(${arg(s, 1)})` : 'e')],
  ['credit', nothing],
  ['ordered list', (s) => (s.length > 1 ? joinFrom(s, 1, s.length, ', ') : '')],
  ['lang', lastOrEmpty],
  ['nihongo', secondOrEmpty],
  ['efn', nothing],
  ['code', lastOrEmpty],
  ['sfnp', nothing],
  ['notetag', nothing],
  ['math', lastOrEmpty],
  ['chem', (s) => (s.length > 1 ? joinFrom(s, 1, s.length - 1, '') : '')],
  ['resize', (s) => (s.length === 3 ? arg(s, 2) : arg(s, 1))],
  ['replace', (s) => (s.length === 4 ? arg(s, 1).split(arg(s, 2)).join(arg(s, 3)) : arg(s, 1))],
  ['val', secondOrEmpty],
  ['stnlnk', station],
  ['stnlink', station],
  ['rws', station],
  ["'", () => "'"],
  ['snd', snd],
  ['nsmdns', snd],
  ['col-break', space],
  ['chem2', secondOrEmpty],
  ['ct', (s) => (s.length === 2 ? arg(s, 1) : `${arg(s, 1)}(${arg(s, 2)})`)],
  ['color', colour],
  ['colored text', colour],
  ['colour', colour],
  ['fgcolor', colour],
  ['pi', () => 'pi'],
  ['center', secondOrEmpty],
  ['centre', secondOrEmpty],
  ['sclass', sclass],
  ['sclass2', sclass],
  ['transl', (s) => (s.length === 3 ? arg(s, 2) : arg(s, 1))],
  ['tcg', secondOrEmpty],
  ['f1', (s) => (s.length > 1 ? arg(s, 1) : arg(s, 0))],
  [`"'`, () => "'"],
  ['ms', secondOrEmpty],
  ['small', secondOrEmpty],
];

function buildTable(fixed: boolean): ReadonlyMap<string, TemplateRule> {
  const table = new Map<string, TemplateRule>(COMMON);
  table.set('ship', shipRule(fixed ? 4 : 3));
  table.set('warship', shipRule(fixed ? 4 : 3));
  // The original keyed this rule `SMS`; lookups use lower-cased names, so it never fired.
  table.set(fixed ? 'sms' : 'SMS', prefixedShip);
  return table;
}

export const PAPER_TEMPLATE_RULES = buildTable(false);
export const FIXED_TEMPLATE_RULES = buildTable(true);
