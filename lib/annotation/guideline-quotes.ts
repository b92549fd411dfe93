/**
 * The passages of the papers that the default campaign guidelines quote, kept as data so that a
 * test can find every quoted passage in the papers themselves (../shared/seeds): nothing here is
 * paraphrased. `parts` are contiguous in the source and shown joined by a space; a part that starts
 * with "…" follows an omission. Typos are quoted as printed. Pure data, longer than 300 lines on
 * purpose (an exception in eslint.config.mjs): the quotations are as long as the papers make them.
 */

export const GUIDELINE_SOURCES = {
  eacl2023: {
    short: 'Gohsen et al. 2023',
    full: 'Marcel Gohsen, Matthias Hagen, Martin Potthast and Benno Stein (2023). *Paraphrase Acquisition from Image Captions.* EACL 2023.',
    seed: '000_018fef1d1bd8aae1.txt',
  },
  thesis2021: {
    short: 'Gohsen 2021',
    full: "Marcel Gohsen (2021). *Image Captions as Paraphrases.* Master's thesis, Bauhaus-Universität Weimar.",
    seed: '002_6e382c47b2417fe5.txt',
  },
  multipit2022: {
    short: 'Dou et al. 2022',
    full: 'Yao Dou, Chao Jiang and Wei Xu (2022). *Improving Large-scale Paraphrase Acquisition and Generation* (the MultiPIT corpus). EMNLP 2022.',
    seed: '004_174b05ebafb5b460.txt',
  },
  spanishQa: {
    short: 'Spanish QA study',
    full: 'Paraphrase extraction from validated Spanish Question Answering corpora, with an expert assessment by three philologists (the Spanish QA study).',
    seed: '003_ae9eff205b6cee63.txt',
  },
} as const;

export type SourceId = keyof typeof GUIDELINE_SOURCES;

export interface Quote {
  source: SourceId;
  /** section, figure or table of the source */
  where: string;
  parts: readonly string[];
}

export interface ExamplePair {
  a: string;
  b: string;
  source: SourceId;
  where: string;
}

const q = (source: SourceId, where: string, ...parts: string[]): Quote => ({ source, where, parts });
const pair = (source: SourceId, where: string, a: string, b: string): ExamplePair => ({ a, b, source, where });

// ─── EACL 2023: the similarity study and the Table 5 examples ──────────────────

export const STUDY_DESIGN = q(
  'eacl2023',
  'sec. 4, Manual Similarity Judgments',
  'We draw paraphrase examples with a length of 10 to 30 words stratified by their ∆sem,syn distribution in their corresponding datasets. Four expert annotators with at least six years of experience rate semantic and syntactic similarity of all the 300 examples on a 5-point Likert scale.',
);

export const SOPHISTICATION = q(
  'eacl2023',
  'sec. 4, Analyzing Paraphrase Similarity',
  'high-quality paraphrases are texts pairs with high semantic similarity and high lexical and syntactic diversity',
  '… The relation between semantic and syntactic similarity characterizes the “sophistication” of a paraphrase.',
);

export const TABLE5_EXAMPLES: ReadonlyArray<{ id: string; pair: ExamplePair; comment: Quote }> = [
  {
    id: 'A',
    pair: pair(
      'eacl2023',
      'Table 5, A1/A2',
      'An Easter postcard from 1907 depicting a rabbit.',
      'A 1907 postcard featuring the Easter Bunny.',
    ),
    comment: q(
      'eacl2023',
      'sec. 4',
      'Caption A1 is a paraphrase of A2 with a significantly different structure and sufficiently high lexical diversity.',
    ),
  },
  {
    id: 'B',
    pair: pair(
      'eacl2023',
      'Table 5, B1/B2',
      'Twelfth century illustration of a man digging.',
      'An English serf at work digging, c. 1170.',
    ),
    comment: q(
      'eacl2023',
      'sec. 4',
      'B1 and B2 have almost no words in common, but they are nevertheless semantically close. One semantic difference is that an “English serf” is a different concept than “a man” is',
    ),
  },
  {
    id: 'C',
    pair: pair(
      'eacl2023',
      'Table 5, C1/C2',
      'Troops clearing rubble after the May air raid on Belfast.',
      'Soldiers clearing rubble after the May air raid on Belfast.',
    ),
    comment: q(
      'eacl2023',
      'sec. 4',
      'In C2, a single word is replaced by a synonym in C1 and therefore has almost identical wording to C1.',
    ),
  },
  {
    id: 'D',
    pair: pair(
      'eacl2023',
      'Table 5, D1/D2',
      'System of a Down is composed of four Armenian-Americans.',
      'Dolmayan drumming with System of a Down in 2011.',
    ),
    comment: q(
      'eacl2023',
      'sec. 4',
      'Although D1 and D2 are captions that both refer to the band “System of a Down”, they describe entirely different aspects',
    ),
  },
];

// ─── MultiPIT: loose and strict paraphrase definitions ─────────────────────────

export const TSUNAMI = q(
  'multipit2022',
  'sec. 1',
  'for the purpose of tracking unfolding events, “A tsunami hit Haiti.” and “303 people died because of the tsunami in Haiti” are sufficiently close to be considered as paraphrases; whereas for paraphrase generation, the extra information “303 people dead” in the latter sentence may lead models to learn to',
  'hallucinate and generate more unfaithful content.',
);

export const LOOSE_DEFINITION = q(
  'multipit2022',
  'sec. 2.4, Annotation Process',
  'we consider two sentences as paraphrases even if one contains some new information that does not appear in the other sentence (see Figure 3 for examples). As a side note, because these sentences are grouped under the same trend or URL, the new information is always relevant and based on the context, otherwise, we will consider them non-paraphrases.',
);

export const TWO_CRITERIA = q(
  'multipit2022',
  'Figure 3',
  'The difference between the two criteria is whether considering Sentence2 that contains new information that requires fact-checking as a paraphrase of Sentence1.',
);

export const STRICT_REASON = q(
  'multipit2022',
  'sec. 2.5',
  'Including paraphrase pairs that contain extra information other than world or commonsense knowledge in the training data only worsens the problem',
);

export const EXTREME_LOOSE = q(
  'multipit2022',
  'Figure 3, footnote 7',
  'The example C1 and C2 is on the more extreme side of the "loose" paraphrase criterion from the linguistic perspective',
);

export interface DefinitionCase {
  heading: string;
  pair: ExamplePair;
  explanation: string;
}

const FIGURE_11 = 'Appendix A.2, Figure 11';
const case11 = (heading: string, a: string, b: string, explanation: string): DefinitionCase => ({
  heading,
  pair: pair('multipit2022', FIGURE_11, a, b),
  explanation,
});

/** The expert (strict) instruction of MultiPIT, case by case, as printed. */
export const STRICT_PARAPHRASE_CASES: readonly DefinitionCase[] = [
  case11(
    'Case 1: A and B are completely equivalent (mean the same thing, though differ in expression):',
    'Chad from World of Jenks is so adorable.',
    'Chad from World of Jenks is the absolute cutest!',
    'Two sentences convey the same meaning (liking Chad) using different expressions.',
  ),
  case11(
    'Case 2: B keeps the main meaning of A, but deletes some minor details from A:',
    "Sweden's first female PM Magdalena Andersson, resigns on day one!",
    'Swedish PM Magdalena Andersson resigns hours after taking job.',
    'The main content of A is about Magdalena Andersson resigning on day one, so deleting "first female" is fine and considered as simplification.',
  ),
  case11(
    'Case 3: B keeps the main meaning of A, and add new information based on commonsense or world knowledge:',
    'Facebook announces it will be changing its name to Meta.',
    "Facebook relaunches iteself as 'Meta' in a clear bid to dominate the metaverse.",
    'The new added "to dominate the metaverse" is world knowledge as many people know it. We consider B as a paraphrase of A.',
  ),
];

export const STRICT_NON_PARAPHRASE_CASES: readonly DefinitionCase[] = [
  case11(
    'Case 1: B adds new information that requires fack-checking:',
    '100% of the 140,000 U.S. jobs lost in December were held by women.',
    'In fact women lost 111% of the jobs in December because men gained 16,000 jobs.',
    'Even though both sentences are talking about the same thing, but B introduces new information that is not commonsense or world knowledge.',
  ),
  case11(
    'Case 2: A and B share some details but focus on different things:',
    'Apple unveils new Macbook Airs and a Mac Pro.',
    'I was pumped for the new macbook air.',
    'Two sentences are talking about diffrent things: "Apple unveils" vs "I was pumped".',
  ),
  case11(
    'Case 3: A and B are on different topics:',
    'Rhode Island Senate approves marriage equality by vote of 26-12',
    'So glad to hear that the Kings are staying in Sac .',
    'Both sentences are completely irrelevant.',
  ),
];

// ─── Thesis ch. 3: the paraphrase condition and the five relations ─────────────

export const SIGNIFICANT_SHARE = q(
  'thesis2021',
  'sec. 3.1',
  'Although it satisfies the necessary condition, it is not a paraphrase. Hence, we state that the amount of information that can be inferred from both texts needs to be a significant portion related to all information entailed in these texts.',
);

export const RELATIONS_INTRO = q(
  'thesis2021',
  'sec. 3.2',
  'Based on the deduced information, we define 5 distinct levels of entailment, which are adaptations of the basic semantic relations presented by MacCartney and Manning [2009].',
);

export const RELATIONS_ARE_HARD = q(
  'thesis2021',
  'sec. 5.2.2',
  'Slight modifications of caption may result in a change of the entailment relation. Thus, assigning proper entailment relations is a challenging task even for a human.',
);

export interface RelationGuide {
  heading: string;
  where: string;
  definition: Quote;
  example: ExamplePair;
  discussion: Quote;
}

const THESIS = 'thesis2021';

export const RELATION_GUIDES: readonly RelationGuide[] = [
  {
    heading: 'Equivalence',
    where: 'sec. 3.2.1',
    definition: q(
      THESIS,
      'sec. 3.2.1',
      'Two texts are semantically equivalent if their deduced information sets are identical. This can be interpreted as bidirectional entailment.',
    ),
    example: pair(
      THESIS,
      'sec. 3.2.1',
      'Barack Obama is the president of the United States',
      'The president of the U.S. is Barack Obama',
    ),
    discussion: q(
      THESIS,
      'sec. 3.2.1',
      'Note that changing the first sentence to “Barack Obama is the president” would make it more general because we can’t deduce which country Barack Obama is president of, and thus it would not be semantically equivalent to the second sentence anymore. However, this modified example still would qualify as a paraphrase. All examples that fulfill semantic equivalence are in fact paraphrases.',
    ),
  },
  {
    heading: 'Forward / reverse entailment',
    where: 'sec. 3.2.2',
    definition: q(
      THESIS,
      'sec. 3.2.2',
      'Forward and reverse entailment are unidirectional entailment relations where all information from one text can be inferred from the other, but one sentence',
      'is more general or specific than the other.',
    ),
    example: pair(
      THESIS,
      'sec. 3.2.2',
      'The Space Shuttle Endeavour docked with the International Space Station',
      'Space Shuttle Endeavour docked to the ISS on STS-134',
    ),
    discussion: q(
      THESIS,
      'sec. 3.2.2',
      'In this example t1 is entailed by t2',
      '… since all information that can be inferred from t1 can be inferred from t2, but we also know from t2 the additional fact that during the mission STS-124 Edeavour docked to the ISS.',
      '… The shown example would classify as a paraphrase, but others which fulfill the entailment relation might be debatable, and their classification depends on the proportion of shared versus unshared information.',
    ),
  },
  {
    heading: 'Intersection',
    where: 'sec. 3.2.3',
    definition: q(
      THESIS,
      'sec. 3.2.3',
      'Semantic intersection of a text pair models the fact that there is information shared between the two but both contain additional facts that are not entailed in the other one.',
    ),
    example: pair(
      THESIS,
      'sec. 3.2.3',
      'Thein Sein meets US President Barack Obama',
      'President Obama meets with the President of Myanmar, Thein Sein',
    ),
    discussion: q(
      THESIS,
      'sec. 3.2.3',
      'From the first sentence we can infer that Obamas first name is Barack and he is the president of the United States, a fact which we can not deduce from the second sentence. From the second sentence however, we know that Thein Sein is the president of Myanmar, which is not entailed in the first sentence. From both texts we know that Thein Sein meets president Obama. Although this example represents a paraphrase, semantically intersecting text pairs may not necessarily be paraphrases, which depends on the portion of shared information.',
    ),
  },
  {
    heading: 'Exclusion',
    where: 'sec. 3.2.4',
    definition: q(
      THESIS,
      'sec. 3.2.4',
      'A pair of texts that mutually exclude their semantics will be assigned with the semantic relation of exclusion. To fulfill this relation, it is required that there is not a single fact that can be derived from both texts.',
    ),
    example: pair(THESIS, 'sec. 3.2.4', 'The repeating decimal continues infinitely', 'This is identical to one'),
    discussion: q(
      THESIS,
      'sec. 3.2.4',
      'Semantically excluding text pairs appear completely unrelated to each other.',
      '… text pairs with this property can never be paraphrases.',
    ),
  },
  {
    heading: 'Negation',
    where: 'sec. 3.2.5',
    definition: q(
      THESIS,
      'sec. 3.2.5',
      'With the semantic relation of negation we encode that there is at least one fact in a text that contradicts a fact in another text.',
    ),
    example: pair(
      THESIS,
      'sec. 3.2.5',
      'Brad Keselowski finished 10 points behind Martin Truex Jr. in fourth place',
      'Brad Keselowski won the race',
    ),
    discussion: q(
      THESIS,
      'sec. 3.2.5',
      'It might be that two different races are referred to in these texts but, as it is not further specified, it is a semantic contradiction. Texts whose semantic relation is expressed through negation defeat the main idea of paraphrases and are therefore not classified as such.',
    ),
  },
];

// ─── The Spanish QA study: written explanations and a second round ─────────────

export const TWO_ROUNDS = q(
  'spanishQa',
  'sec. 4.1',
  'In a first round, the assessors not only label the pairs but write an explanation for every decission. In a second round, independent assessors take a definitive decision having into account both the votation among the labels given in the previous round and the considerations written.',
);

export const DISAGREEMENT_SOURCES: readonly Quote[] = [
  q(
    'spanishQa',
    'sec. 4.1',
    'Some errors are introduced by the annotators, because they do not consider accurately the context in which the statements are.',
  ),
  q(
    'spanishQa',
    'sec. 4.1',
    'Some annotators are more strict than others when considering the grammatical accuracy of the statements.',
  ),
  q(
    'spanishQa',
    'sec. 4.1',
    'Another source of disagreement is the fact that there is not a bidirectional entailment between the two statements of the pair.',
  ),
];
