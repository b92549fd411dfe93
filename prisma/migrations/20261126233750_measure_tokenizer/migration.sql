-- AlterTable
ALTER TABLE "Corpus" ADD COLUMN     "measureTokenizer" TEXT;

-- Every pair imported before this migration was measured with the paper's English tokenizer.
UPDATE "Corpus" c SET "measureTokenizer" = 'rouge-score' WHERE EXISTS (SELECT 1 FROM "Pair" p WHERE p."corpusId" = c."id");
