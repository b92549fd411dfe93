-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "referenceIsParaphrase" BOOLEAN;

-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Text_importJobId_idx" ON "Text"("importJobId");
