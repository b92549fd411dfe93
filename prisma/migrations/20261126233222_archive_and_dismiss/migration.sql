-- AlterTable
ALTER TABLE "Corpus" ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "dismissedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ScoringJob" ADD COLUMN     "dismissedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ExportJob" ADD COLUMN     "dismissedAt" TIMESTAMP(3);
