-- AlterEnum
ALTER TYPE "AssignmentStatus" ADD VALUE 'EXPIRED';

-- DropIndex
DROP INDEX "Assignment_campaignId_status_idx";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pseudonym" TEXT;

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "holdMinutes" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "randomiseOrder" BOOLEAN NOT NULL DEFAULT true,
ALTER COLUMN "overlap" SET DEFAULT 3,
ALTER COLUMN "goldEvery" SET DEFAULT 5;

-- AlterTable
ALTER TABLE "CampaignItem" ADD COLUMN     "answers" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "holds" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "isOpen" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "swapped" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Annotation" DROP COLUMN "entailment",
DROP COLUMN "entailmentDirection",
DROP COLUMN "paraphraseLoose",
DROP COLUMN "paraphraseStrict",
DROP COLUMN "rationale",
DROP COLUMN "semantic",
DROP COLUMN "syntactic",
ADD COLUMN     "answers" JSONB NOT NULL;

-- AlterTable
ALTER TABLE "Adjudication" DROP COLUMN "entailment",
DROP COLUMN "entailmentDirection",
DROP COLUMN "paraphraseLoose",
DROP COLUMN "paraphraseStrict",
DROP COLUMN "rationale",
DROP COLUMN "semantic",
DROP COLUMN "syntactic",
ADD COLUMN     "answers" JSONB NOT NULL,
ADD COLUMN     "note" TEXT;

-- AlterTable
ALTER TABLE "GoldAnswer" DROP COLUMN "entailment",
DROP COLUMN "entailmentDirection",
DROP COLUMN "paraphraseLoose",
DROP COLUMN "paraphraseStrict",
DROP COLUMN "semantic",
DROP COLUMN "syntactic",
ADD COLUMN     "answers" JSONB NOT NULL;

-- DropEnum
DROP TYPE "EntailmentRelation";

-- DropEnum
DROP TYPE "EntailmentDirection";

-- CreateIndex
CREATE UNIQUE INDEX "User_pseudonym_key" ON "User"("pseudonym");

-- CreateIndex
CREATE INDEX "CampaignItem_campaignId_isOpen_position_idx" ON "CampaignItem"("campaignId", "isOpen", "position");

-- CreateIndex
CREATE INDEX "Assignment_campaignId_status_expiresAt_idx" ON "Assignment"("campaignId", "status", "expiresAt");
