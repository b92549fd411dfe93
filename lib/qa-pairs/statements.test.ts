import { describe, expect, it } from 'vitest';
import { compileQaRules, qaRulesFor, type QaRulesFile } from './rules';
import { affirmativeForm, normaliseStatement, reduceAnswers } from './statements';
import { parseQaQuestions } from './questions-file';

const es = qaRulesFor('es')!;

describe('affirmative form (sec. 3.4, Table 1)', () => {
  it.each([
    // the study's own examples
    ['¿qué organización dirige Yaser Arafat?', 'organización que dirige yaser arafat'],
    ['¿cuándo murió Stalin?', 'murió stalin'],
    ['¿qué es el tóner?', 'tóner'],
    ['¿Qué es el Atlantis?', 'atlantis'],
    // one per remaining printed rule
    ['¿A qué partido pertenece Felipe González?', 'partido a que pertenece felipe gonzález'],
    ['¿Quién es Javier Solana?', 'javier solana'],
    ['¿Cuántos habitantes tiene Francia?', 'número de habitantes que tiene francia'],
    ['Nombre un país que limite con Francia.', 'país que limite con francia'], // "un": an article at the start (normalisation)
    ['Dé el nombre de la moneda griega.', 'nombre de la moneda griega'],
    // no rule: only punctuation, case and the article/`ser` + article drop
    ['¿Es el Everest la montaña más alta?', 'everest la montaña más alta'],
    ['¿Dónde está Atenas?', 'dónde está atenas'],
  ])('%s → %s', (question, expected) => {
    expect(affirmativeForm(question, es).text).toBe(expected);
  });

  it('applies only the first matching rule, in file order ("qué es" before "qué" + noun + verb)', () => {
    expect(affirmativeForm('¿qué es el tóner?', es).rule).toBe('qué es → (delete)');
    expect(affirmativeForm('¿qué organización dirige Yaser Arafat?', es).rule).toBe('qué {noun} {verb} → {noun} que {verb}');
    expect(affirmativeForm('¿Dónde está Atenas?', es).rule).toBeNull();
  });

  it('needs every placeholder of a rule: "qué" + one word is left as it is', () => {
    expect(affirmativeForm('¿qué Atlantis?', es).text).toBe('qué atlantis');
  });

  it('refuses a rules file whose output uses an undefined placeholder', () => {
    const broken: QaRulesFile = {
      language: 'es',
      rules: [{ match: 'qué {noun}', output: '{verb} que' }],
      dropLeading: { articles: [], serForms: [] },
      trim: { articles: [], prepositions: [] },
    };
    expect(() => compileQaRules(broken)).toThrow('rule 1 ("qué {noun}"): output uses {verb}, which match does not define');
  });
});

describe('normalisation (sec. 3.4, steps 1-2)', () => {
  it('lower-cases, removes punctuation and articles or prepositions at both ends, keeps accents', () => {
    expect(normaliseStatement('El transbordador estadounidense.', es)).toBe('transbordador estadounidense');
    expect(normaliseStatement('«de la OLP»', es)).toBe('olp');
    expect(normaliseStatement('Organización para la Liberación de Palestina', es)).toBe(
      'organización para la liberación de palestina',
    );
    expect(normaliseStatement('en 1953', es)).toBe('1953');
  });

  it('never removes the last word, and a statement of punctuation only is empty', () => {
    expect(normaliseStatement('de', es)).toBe('de');
    expect(normaliseStatement('¿?', es)).toBe('');
  });
});

describe('duplicates and contained answers (sec. 3.4, step 3)', () => {
  const answers = (...texts: string[]) => texts.map((text) => ({ text, runs: [text.length.toString()] }));

  it('the Atlantis group keeps its four answers; a repeat and a contained answer go', () => {
    const merged: string[] = [];
    const r = reduceAnswers(
      answers(
        'transbordador estadounidense',
        'foro marítimo',
        'transbordador estadounidense',
        'transbordador espacial atlantis',
        'transbordador espacial estadounidense',
        'transbordador',
      ),
      (into, from) => merged.push(`${into.text}+${from.text}`),
    );
    expect(r.kept.map((a) => a.text)).toEqual([
      'transbordador estadounidense',
      'foro marítimo',
      'transbordador espacial atlantis',
      'transbordador espacial estadounidense',
    ]);
    expect([r.duplicates, r.contained]).toEqual([1, 1]);
    expect(merged).toEqual(['transbordador estadounidense+transbordador estadounidense']);
    // with the affirmative form "atlantis": 5 statements, C(5, 2) = 10 pairs (sec. 4)
    const m = r.kept.length + 1;
    expect((m * (m - 1)) / 2).toBe(10);
  });

  it('containment is by whole words: "rusia" is not inside "prusia"', () => {
    expect(reduceAnswers(answers('rusia', 'prusia'), () => {}).kept).toHaveLength(2);
    expect(reduceAnswers(answers('1953', '5 de marzo de 1953'), () => {}).kept.map((a) => a.text)).toEqual([
      '5 de marzo de 1953',
    ]);
  });
});

describe('the questions file', () => {
  it('reads number<TAB>question lines and reports bad ones with the file name and line', () => {
    const lines = ['0001\t¿Qué es el tóner?', '', '0002', 'x\t¿Qué?', '0003\t  ', '1\t¿Otra vez?', '0004\t¿?'].map((text, i) => ({
      lineNumber: i + 1,
      text,
    }));
    const { questions, errors } = parseQaQuestions(lines, 'q.tsv', es);
    expect([...questions.byKey.keys()]).toEqual(['1']);
    expect(questions.byKey.get('1')).toMatchObject({ number: '0001', affirmative: 'tóner', lineNumber: 1 });
    expect(errors.map((e) => e.lineNumber)).toEqual([3, 4, 5, 6, 7]);
    expect(errors.map((e) => e.message)).toEqual([
      'in the questions file q.tsv: expected 2 tab-separated fields (number, question), found 1',
      'in the questions file q.tsv: the question number "x" is not a number',
      'in the questions file q.tsv: question 0003 is empty',
      'in the questions file q.tsv: question 1 is listed twice (first on line 1)',
      'in the questions file q.tsv: question 0004 has no words left in its affirmative form',
    ]);
  });
});
