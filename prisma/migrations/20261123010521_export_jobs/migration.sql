-- AlterEnum
ALTER TYPE "ExportFormat" ADD VALUE 'HF';

-- AlterTable
ALTER TABLE "ExportJob" ADD COLUMN     "bytesWritten" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "options" JSONB,
ADD COLUMN     "rowsTotal" INTEGER,
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "ExportJob_createdById_createdAt_idx" ON "ExportJob"("createdById", "createdAt");

-- CreateIndex
CREATE INDEX "ExportJob_status_idx" ON "ExportJob"("status");
