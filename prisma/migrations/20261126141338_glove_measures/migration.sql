-- AlterTable
ALTER TABLE "Corpus" ALTER COLUMN "semMeasures" SET DEFAULT ARRAY['wms', 'bertscore', 'st', 'wmsGlove', 'gloveCosine', 'wordnet']::TEXT[];

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "gloveCosine" DOUBLE PRECISION,
ADD COLUMN     "wmsGlove" DOUBLE PRECISION;

-- Corpora on the old default set (the paper's three and WordNet) take the GloVe pair too: it forms
-- sem only where no paper measure exists, so no stored sem changes until GloVe values are computed.
UPDATE "Corpus" SET "semMeasures" = ARRAY['wms', 'bertscore', 'st', 'wmsGlove', 'gloveCosine', 'wordnet']::TEXT[]
WHERE "semMeasures" @> ARRAY['wms', 'bertscore', 'st', 'wordnet']::TEXT[] AND cardinality("semMeasures") = 4;
