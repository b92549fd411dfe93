/**
 * Typed access to __fixtures__/reference-cases.json: random rating matrices with the
 * coefficients independent Python implementations give for them (see the generator script
 * __fixtures__/generate-reference-cases.py for the libraries and versions).
 */
import cases from '@/lib/agreement/__fixtures__/reference-cases.json';
import type { RatingMatrix } from '@/lib/agreement/rating-values';

export interface ReferenceCase {
  ratings: RatingMatrix;
  nominal: number;
  ordinal: number;
  interval: number;
  ratio: number;
  nltkNominal: number;
  nltkInterval: number;
  gwetAC1: number;
  percentAgreement: number;
  meanPairwiseAgreement: number;
  fleiss?: number;
  cohen?: number;
  cohenLinear?: number;
  cohenQuadratic?: number;
}

export const REFERENCE_CASES: Record<string, ReferenceCase> = cases;
