-- AlterTable
ALTER TABLE "ScoringJob" ADD COLUMN     "filesFolderId" TEXT;
