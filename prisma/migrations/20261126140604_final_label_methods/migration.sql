-- Final labels say how they were decided (issue 19): MAJORITY splits into MAJORITY (nominal
-- plurality) and MEDIAN (ordered answers), OPEN into TIE, SPREAD and UNANSWERED, MEDIAN records the
-- middle value taken for an even count (medianRule). Existing rows are mapped here by question
-- kind (close, but medianRule and an optional question left empty need the answers), the app
-- then recomputes the final labels of every campaign once with the same code as always
-- (lib/runtime/bootstrap.ts, after this migration is applied), which fills medianRule. The
-- default tie rules give the same values as before.

-- CreateEnum
CREATE TYPE "MedianRule" AS ENUM ('LOWER', 'UPPER');

-- AlterEnum
BEGIN;
CREATE TYPE "FinalMethod_new" AS ENUM ('UNANIMOUS', 'MAJORITY', 'MEDIAN', 'TIE', 'SPREAD', 'ADJUDICATED', 'UNANSWERED');
ALTER TABLE "FinalLabel" ALTER COLUMN "method" TYPE "FinalMethod_new"
  USING (CASE "method"::text WHEN 'OPEN' THEN 'TIE' ELSE "method"::text END)::"FinalMethod_new";
ALTER TYPE "FinalMethod" RENAME TO "FinalMethod_old";
ALTER TYPE "FinalMethod_new" RENAME TO "FinalMethod";
DROP TYPE "FinalMethod_old";
COMMIT;

-- AlterTable
ALTER TABLE "FinalLabel" ADD COLUMN     "medianRule" "MedianRule";

-- Data: ordered questions (Likert, ordinal choice) were decided by their median and left open
-- only by their spread, a label with no answers counted was open for want of answers.
UPDATE "FinalLabel" f
SET "method" = CASE
    WHEN f."method" = 'TIE' AND f."n" = 0 THEN 'UNANSWERED'
    WHEN f."method" = 'TIE' THEN 'SPREAD'
    ELSE 'MEDIAN' END::"FinalMethod"
FROM "Campaign" c, jsonb_array_elements(CASE WHEN jsonb_typeof(c."questions") = 'array' THEN c."questions" ELSE '[]'::jsonb END) q
WHERE c."id" = f."campaignId" AND q ->> 'key' = f."question" AND f."method" IN ('TIE', 'MAJORITY')
  AND (q ->> 'type' = 'likert' OR (q ->> 'type' = 'choice' AND q ->> 'level' = 'ordinal'));
UPDATE "FinalLabel" SET "method" = 'UNANSWERED' WHERE "method" = 'TIE' AND "n" = 0;
