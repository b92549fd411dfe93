-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "cancelRequestedAt" TIMESTAMP(3),
ADD COLUMN     "confirmedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "CorpusSummary" (
    "corpusId" INTEGER NOT NULL,
    "pairs" INTEGER NOT NULL DEFAULT 0,
    "texts" INTEGER NOT NULL DEFAULT 0,
    "stats" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CorpusSummary_pkey" PRIMARY KEY ("corpusId")
);

-- CreateIndex
CREATE INDEX "ImportJob_createdById_status_idx" ON "ImportJob"("createdById", "status");

-- AddForeignKey
ALTER TABLE "CorpusSummary" ADD CONSTRAINT "CorpusSummary_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;
