-- CreateEnum
CREATE TYPE "FinalMethod" AS ENUM ('UNANIMOUS', 'MAJORITY', 'ADJUDICATED', 'OPEN');

-- AlterTable
ALTER TABLE "CampaignMember" ADD COLUMN     "excluded" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "FinalLabel" (
    "campaignId" INTEGER NOT NULL,
    "pairId" INTEGER NOT NULL,
    "question" TEXT NOT NULL,
    "value" JSONB,
    "method" "FinalMethod" NOT NULL,
    "n" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FinalLabel_pkey" PRIMARY KEY ("campaignId","pairId","question")
);

-- CreateIndex
CREATE INDEX "FinalLabel_pairId_idx" ON "FinalLabel"("pairId");

-- CreateIndex
CREATE INDEX "FinalLabel_campaignId_question_method_idx" ON "FinalLabel"("campaignId", "question", "method");

-- AddForeignKey
ALTER TABLE "FinalLabel" ADD CONSTRAINT "FinalLabel_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FinalLabel" ADD CONSTRAINT "FinalLabel_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
