-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "ownerId" TEXT;

-- AlterTable
ALTER TABLE "ScoringJob" ADD COLUMN     "ownerId" TEXT;

-- AlterTable
ALTER TABLE "IndexJob" ADD COLUMN     "ownerId" TEXT;

-- AlterTable
ALTER TABLE "ExportJob" ADD COLUMN     "ownerId" TEXT;

-- AlterTable
ALTER TABLE "MiningRun" ADD COLUMN     "ownerId" TEXT;

-- CreateTable
CREATE TABLE "JobOwner" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "renewedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobOwner_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobOwner_renewedAt_idx" ON "JobOwner"("renewedAt");
