-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "qualitySettings" JSONB NOT NULL DEFAULT '{}';
