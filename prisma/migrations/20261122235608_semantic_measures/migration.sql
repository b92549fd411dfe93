-- AlterTable
ALTER TABLE "Corpus" ADD COLUMN     "semMeasures" TEXT[] DEFAULT ARRAY['wms', 'bertscore', 'st', 'wordnet']::TEXT[];

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "wordnet" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "ScoringJob" (
    "id" SERIAL NOT NULL,
    "corpusId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "measures" TEXT[],
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "pairsTotal" INTEGER NOT NULL DEFAULT 0,
    "pairsDone" INTEGER NOT NULL DEFAULT 0,
    "textsEmbedded" INTEGER NOT NULL DEFAULT 0,
    "lastPairId" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "skipped" JSONB,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ScoringJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScoringJob_corpusId_createdAt_idx" ON "ScoringJob"("corpusId", "createdAt");

-- CreateIndex
CREATE INDEX "ScoringJob_status_idx" ON "ScoringJob"("status");

-- AddForeignKey
ALTER TABLE "ScoringJob" ADD CONSTRAINT "ScoringJob_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoringJob" ADD CONSTRAINT "ScoringJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
